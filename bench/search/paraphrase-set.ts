// The paraphrase set: a small library of what videos say, show and read (transcripts, on-screen
// text as visualelements writes it, read speech as PocketSphinx heard it, people), and queries that
// mean a line without repeating its words, each with the line meant. `tune` queries chose the
// settings; `held_out` ones were written beside them and never used to choose anything.
export interface LibraryVideo {
  name: string;
  segments: { module: string; start: number; content: string }[];
}

export const LIBRARY: LibraryVideo[] = [
  {
    name: "Said.mp4",
    segments: [
      { module: "transcription", start: 0.3, content: "We boarded the overnight express at the central station, and the locomotive pulled out at midnight." },
      { module: "transcription", start: 3.3, content: "The thunderstorm knocked out power across the whole valley for two days." },
      { module: "transcription", start: 6.3, content: "The football match ended two nil after a late penalty." },
      { module: "transcription", start: 9.3, content: "At the doctor's appointment she listened to my lungs and prescribed antibiotics." },
      { module: "transcription", start: 12.3, content: "We baked a chocolate birthday cake with twelve candles for my niece." },
      { module: "transcription", start: 15.3, content: "The library is closed on Sundays during the winter holidays." },
      { module: "visualelements", start: 0, content: "Person 1 on screen" },
      { module: "visualelements", start: 2, content: "Person 2 on screen" },
    ],
  },
  {
    name: "Car park.mp4",
    segments: [
      { module: "visualelements", start: 0, content: 'Grey, white · bright, low contrast · static motion · text: "CENTRE PARKING"' },
      { module: "visualelements", start: 6, content: 'Blue, grey · moderate motion · 2 people, a car · text: "PARKING FOR CUSTOMERS ONLY"' },
      { module: "visualelements", start: 12, content: 'Grey · dark · static motion · text: "PAY AND DISPLAY · MAX STAY 2 HOURS"' },
      { module: "visualelements", start: 18, content: 'Red, white · bright · text: "NO ENTRY"' },
    ],
  },
  {
    name: "Read speech.mp4",
    segments: [
      { module: "transcription", start: 1, content: "and mr john guess what and then at leisure to consider how much there might be greatly in his power to do how about" },
      { module: "transcription", start: 10, content: "he was not an illness those young man" },
      { module: "transcription", start: 14, content: "hello study rather cold hearted and rather selfish is to the oldest those" },
      { module: "transcription", start: 20, content: "had he married a more amiable woman he might have been made still more respectable many watts" },
    ],
  },
  {
    name: "Errands.mp4",
    segments: [
      { module: "transcription", start: 0.5, content: "My car broke down on the motorway, so the mechanic replaced the clutch and the brakes." },
      { module: "transcription", start: 5, content: "Tomorrow the weather turns cold with heavy snow across the mountains." },
      { module: "transcription", start: 10, content: "The boats leave the harbour at dawn, and seagulls circle over the fishing fleet." },
      { module: "transcription", start: 15, content: "Now we fold the sourdough and let it rest overnight in the fridge." },
      { module: "transcription", start: 20, content: "The stock market fell sharply after the bank raised interest rates." },
      { module: "logos", start: 25, content: "Acme Flour" },
    ],
  },
];

export interface ParaphraseQuery {
  query: string;
  /** The meant line(s): a substring of the segment's content. */
  meant: string[];
  set: "tune" | "held_out";
}

const TRAIN = "overnight express";
const WEATHER = ["thunderstorm knocked out power", "heavy snow"];
export const QUERIES: ParaphraseQuery[] = [
  { query: "railway trip", meant: [TRAIN], set: "tune" },
  { query: "train journey", meant: [TRAIN], set: "tune" },
  { query: "soccer game", meant: ["football match"], set: "tune" },
  { query: "bad weather", meant: WEATHER, set: "tune" },
  { query: "medical visit", meant: ["doctor's appointment"], set: "tune" },
  { query: "car repair", meant: ["mechanic replaced the clutch"], set: "tune" },
  { query: "baking bread", meant: ["fold the sourdough"], set: "tune" },
  { query: "where to leave the car", meant: ["PARKING"], set: "tune" },
  { query: "a power cut", meant: ["thunderstorm knocked out power"], set: "tune" },
  { query: "finance news", meant: ["stock market"], set: "tune" },
  { query: "travelling by rail at night", meant: [TRAIN], set: "held_out" },
  { query: "a sports result", meant: ["football match"], set: "held_out" },
  { query: "seeing a physician", meant: ["doctor's appointment"], set: "held_out" },
  { query: "a party for a child", meant: ["birthday cake"], set: "held_out" },
  { query: "books and reading", meant: ["library is closed"], set: "held_out" },
  { query: "snowfall in the hills", meant: ["heavy snow"], set: "held_out" },
  { query: "a storm", meant: ["thunderstorm"], set: "held_out" },
  { query: "fishing boats", meant: ["harbour"], set: "held_out" },
];

/** Queries the library does not talk about: every hit they get at a threshold is a false one. */
export const UNRELATED = ["quantum chromodynamics", "volcano eruption", "knitting patterns", "space telescope", "wedding dress", "tax return"];
