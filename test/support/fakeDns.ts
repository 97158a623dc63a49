/**
 * A real DNS server on 127.0.0.1 (UDP, dns2) serving fixed records for test domains, so code that uses
 * node:dns `Resolver` can be pointed at it with DNS_SERVERS=<address>. Unknown names answer NXDOMAIN;
 * known names without a record of the asked type answer NOERROR with no records (NODATA).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// dns2 ships CommonJS without types
const dns2 = require('dns2') as {
  createServer(options: { udp: boolean; handle: (request: DnsPacket, send: (response: DnsPacket) => void) => void }): DnsServer;
  Packet: {
    TYPE: Record<'A' | 'AAAA' | 'MX', number>;
    CLASS: { IN: number };
    createResponseFromRequest(request: DnsPacket): DnsPacket;
  };
};

interface DnsPacket {
  header: { rcode: number };
  questions: { name: string; type: number }[];
  answers: Record<string, unknown>[];
}
interface DnsServer {
  listen(options: { udp: { port: number; address: string; type: 'udp4' } }): Promise<unknown>;
  addresses(): { udp?: { port: number } };
  close(): Promise<void>;
}

export interface FakeZone {
  mx?: { exchange: string; priority: number }[];
  a?: string[];
  aaaa?: string[];
  /** answer SERVFAIL to every query */
  serverFailure?: boolean;
  /** never answer (the resolver times out) */
  silent?: boolean;
}

export interface FakeDns {
  /** host:port for DNS_SERVERS */
  address: string;
  close(): Promise<void>;
}

const NXDOMAIN = 3;
const SERVFAIL = 2;

export async function startFakeDns(zones: Record<string, FakeZone>): Promise<FakeDns> {
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      if (!question) return send(response);
      const name = question.name.toLowerCase();
      const zone = zones[name];
      if (zone?.silent) return;
      if (!zone) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      if (zone.serverFailure) {
        response.header.rcode = SERVFAIL;
        return send(response);
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      if (question.type === Packet.TYPE.MX) {
        for (const mx of zone.mx ?? []) response.answers.push({ ...base, type: Packet.TYPE.MX, exchange: mx.exchange, priority: mx.priority });
      } else if (question.type === Packet.TYPE.A) {
        for (const address of zone.a ?? []) response.answers.push({ ...base, type: Packet.TYPE.A, address });
      } else if (question.type === Packet.TYPE.AAAA) {
        for (const address of zone.aaaa ?? []) response.answers.push({ ...base, type: Packet.TYPE.AAAA, address });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  return { address: `127.0.0.1:${server.addresses().udp!.port}`, close: () => server.close() };
}
