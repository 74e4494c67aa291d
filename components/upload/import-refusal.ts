// The server refuses an import URL in the API's terms ("url: must use http or https": the field
// and the rule, the contract's form for a 400). The page says the same in a person's words; a
// refusal it does not know is shown as the server wrote it.
const KNOWN: [RegExp, string][] = [
  [/^url: must not point to a loopback, private or link-local address$/, "That address points to this computer or a private network. Only videos on public web addresses can be imported."],
  [/^url: must be an absolute http or https URL$/, "That is not a complete web address. Paste a link that starts with http:// or https://."],
  [/^url: must use http or https$/, "Only links that start with http:// or https:// can be imported."],
  [/^url: must not contain credentials$/, "Remove the user name and password from the link; only public links can be imported."],
];

export function importRefusalInWords(detail: string): string {
  for (const [pattern, words] of KNOWN) if (pattern.test(detail)) return words;
  // Another rule on the address: "The link must …" rather than "url: must …".
  const field = /^url: (.+)$/.exec(detail);
  return field ? `The link ${field[1]}.`.replace(/\.\.$/, ".") : detail;
}
