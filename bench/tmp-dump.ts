import fs from "node:fs";
import { encodeSentences, stopSentenceEncoder } from "@/lib/ai/sentence-encoder";
import { detectRaw } from "@/lib/analysis/labels/detector";
const texts = ["when does the screen go dark?", "A cockatoo sits on the lighthouse rail.", "marmalade", "THE DURIAN OPEN MOVIE PROJECT", "two people ride a bicycle along the harbour at dusk while seagulls circle", "x"];
const vectors = await encodeSentences(texts);
const det = await detectRaw("node_modules/@vladmandic/human/assets/samples.jpg");
fs.writeFileSync(process.argv[2]!, JSON.stringify({ vectors, det }));
await stopSentenceEncoder();
console.log("dumped", vectors.length);
