// Why a webhook delivery failed, in words a person reads ("The address could not be found"),
// from the attempt's recorded error text and response status. The API keeps its fields as they
// are; the pages show these words, the raw text only in a delivery's details. No imports:
// browser-safe.

/** Error codes of Node's network stack, by what they mean for the person who set up the endpoint. */
const BY_CODE: [RegExp, string][] = [
  [/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)\b/, "The address could not be found: its host name does not resolve from this server"],
  [/\bECONNREFUSED\b/, "The connection was refused: nothing answers at that address and port"],
  [/\bECONNRESET\b|\bsocket hang up\b|\bEPIPE\b/i, "The connection was closed before an answer came"],
  [/\b(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)\b/, "The address cannot be reached from this server"],
  [/\bETIMEDOUT\b|\bESOCKETTIMEDOUT\b/, "The connection timed out"],
  [/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|\bSSL\b|\bTLS\b/i, "The HTTPS certificate was not accepted"],
];

/**
 * One sentence about a failed attempt: `error` is the recorded text (null when the endpoint
 * answered), `status` the HTTP status it answered with (null when none came).
 */
export function deliveryFailureInWords(error: string | null | undefined, status: number | null | undefined): string | null {
  const timedOut = error ? /^Timed out after (\d+(?:\.\d+)?) s/.exec(error) : null;
  if (timedOut) return `No answer: timed out after ${timedOut[1]} s`;
  if (error && /^Refused\b/.test(error)) {
    return "Not sent: the address is on this computer or a private network, which webhooks may not reach unless WEBHOOK_ALLOW_PRIVATE_URLS=1 is set";
  }
  if (error && /^Invalid URL/.test(error)) return "The endpoint's address is not a valid URL";
  if (status != null && status >= 300 && status < 400) return `Answered ${status}: a redirect, which is not followed`;
  if (status != null && (status < 200 || status >= 300)) return `Answered ${status}${status >= 500 ? ": an error on the receiving server" : ""}`;
  if (!error) return null;
  for (const [pattern, words] of BY_CODE) if (pattern.test(error)) return words;
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) return `Answered ${http[1]}`;
  return "The request failed before an answer came";
}
