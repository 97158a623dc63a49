/**
 * negotiator 1.1 (jshttp) ships no types (@types/negotiator describes 0.6). compression.ts uses its
 * Accept-Encoding module, the function behind `new Negotiator(request).encodings(available, { preferred })`.
 */
declare module 'negotiator/lib/encoding.js' {
  /** the acceptable codings of `provided`, best first: by q-value, ties in the order of `preferred` */
  export default function preferredEncodings(accept: string | undefined, provided: readonly string[], preferred?: readonly string[]): string[];
}
