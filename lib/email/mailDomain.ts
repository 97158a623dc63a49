/**
 * Does a domain accept mail? RFC 5321 §5.1: mail goes to the domain's MX hosts; a domain without MX
 * records but with an address record (A/AAAA) receives mail at that address (the "implicit MX"). RFC 7505:
 * a single MX with the root "." as exchange (a null MX) says the domain accepts no mail.
 */
import { DnsLookupError, type DnsResolver } from '../web/dns';

export interface MailDomain {
  /** true when mail can be delivered: usable MX hosts, or no MX but an A/AAAA record */
  acceptsMail: boolean;
  /** true when the domain publishes at least one usable MX record (a null MX is not one) */
  hasMx: boolean;
}

const isNullExchange = (exchange: string) => exchange === '' || exchange === '.';

/**
 * Looks the domain up. Definite DNS answers (no such domain, no records) give a result; a timeout or a
 * server failure is no answer at all and rejects with the DnsLookupError, so the caller can say so rather
 * than call a good address bad.
 */
export async function checkMailDomain(asciiDomain: string, resolver: DnsResolver): Promise<MailDomain> {
  try {
    const records = await resolver.resolveMx(asciiDomain);
    if (records.length > 0) {
      const usable = records.some((record) => !isNullExchange(record.exchange));
      return { acceptsMail: usable, hasMx: usable };
    }
  } catch (error) {
    if (!(error instanceof DnsLookupError)) throw error;
    if (error.failure === 'no_such_domain') return { acceptsMail: false, hasMx: false };
    if (error.failure !== 'no_records') throw error;
  }
  // no MX: the implicit MX is the domain's own address
  const answers = await Promise.allSettled([resolver.resolve4(asciiDomain), resolver.resolve6(asciiDomain)]);
  if (answers.some((answer) => answer.status === 'fulfilled' && answer.value.length > 0)) return { acceptsMail: true, hasMx: false };
  const failure = answers.find(
    (answer): answer is PromiseRejectedResult =>
      answer.status === 'rejected' && !(answer.reason instanceof DnsLookupError && answer.reason.isAnswer),
  );
  if (failure) throw failure.reason;
  return { acceptsMail: false, hasMx: false };
}
