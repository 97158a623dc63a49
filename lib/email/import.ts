/**
 * Reference-data import of the mail-provider lists for /v1/validateemail → `email-domains.json`.
 * Sources (npm packages, maintained upstream lists):
 * - disposable-email-domains-js (CC0-1.0): the disposable-email-domains community blocklist;
 * - free-email-domains (MIT, by Kiko Beats): free mail providers (HubSpot's list, curated).
 * The free list has every disposable domain removed, so a domain is never both. A missing package is a
 * warning: without the file the endpoint answers 503 data_unavailable.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ImportResult, ReferenceImporter } from '../reference/importer';
import { EMAIL_DOMAINS_FILE, type EmailDomainListsFile } from './domainLists';

const require = createRequire(import.meta.url);

interface Source {
  name: string;
  version: string;
  domains: string[];
}

async function readPackageList(name: string, listFile: string): Promise<Source> {
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { version?: string };
  const data = JSON.parse(await readFile(join(dirname(manifestPath), listFile), 'utf8')) as unknown;
  if (!Array.isArray(data) || !data.every((d) => typeof d === 'string')) throw new Error(`${name}/${listFile} is not an array of domains`);
  return { name, version: manifest.version ?? 'unknown', domains: data };
}

/** lower case, trimmed, no empty entries or comments, sorted, unique */
export function cleanDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()).filter((d) => d !== '' && !d.startsWith('#') && d.includes('.')))].sort();
}

/** The lists file from the two sources: free minus disposable. */
export function buildDomainLists(disposable: string[], free: string[]): EmailDomainListsFile {
  const disposableList = cleanDomains(disposable);
  const disposableSet = new Set(disposableList);
  return { disposable: disposableList, free: cleanDomains(free).filter((d) => !disposableSet.has(d)) };
}

export const importEmailDomains: ReferenceImporter = async (): Promise<ImportResult> => {
  const warnings: string[] = [];
  const read = (name: string, file: string) =>
    readPackageList(name, file).catch((error: Error) => {
      warnings.push(`${name} could not be read (${error.message}): ${EMAIL_DOMAINS_FILE} is not built; /v1/validateemail answers 503.`);
      return undefined;
    });
  const [disposable, free] = await Promise.all([
    read('disposable-email-domains-js', 'dist/dict/disposable_email_blocklist.json'),
    read('free-email-domains', 'domains.json'),
  ]);
  if (!disposable || !free) return { files: {}, warnings };
  const lists = buildDomainLists(disposable.domains, free.domains);
  const summary =
    `${lists.disposable.length} disposable domains (${disposable.name} ${disposable.version}, CC0-1.0), ` +
    `${lists.free.length} free-provider domains (${free.name} ${free.version}, MIT; disposable ones removed)`;
  return { files: { [EMAIL_DOMAINS_FILE]: { data: lists, summary } }, warnings };
};
