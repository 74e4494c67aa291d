// Dates from the API are ISO 8601 in UTC without a zone; shown in the viewer's zone.

export function parseApiTime(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function formatDate(value: string): string {
  return dateFormat.format(parseApiTime(value));
}

export function formatDateTime(value: string): string {
  return dateTimeFormat.format(parseApiTime(value));
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "yesterday"… */
export function formatRelative(value: string, now: number = Date.now()): string {
  let delta = (parseApiTime(value).getTime() - now) / 1000;
  if (Math.abs(delta) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return relativeFormat.format(Math.round(delta), unit);
    delta /= size;
  }
  return relativeFormat.format(Math.round(delta), "year");
}
