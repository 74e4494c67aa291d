// The Universal Sentence Encoder Lite's SentencePiece tokenizer (unigram, Viterbi over a trie of the
// vocabulary), as @energetic-ai/embeddings 0.2.0 ships it (itself from tfjs-models'
// universal-sentence-encoder, Apache-2.0). Copied because that package's module loads its own TF.js
// bundle on require, and the TF.js models' process runs every TF.js model on one shared TF.js instead.
// Plain CommonJS: required by path from that process (never bundled).
"use strict";

const SEPARATOR = "\u2581";
const RESERVED_SYMBOLS_COUNT = 6;

function chars(input) {
  return Array.from(input);
}

class TrieNode {
  constructor() {
    this.children = {};
    this.end = false;
    this.word = [[], 0, 0];
  }
}

class Trie {
  constructor() {
    this.root = new TrieNode();
  }
  insert(word, score, index) {
    let node = this.root;
    const symbols = chars(word);
    for (let i = 0; i < symbols.length; i++) {
      if (!node.children[symbols[i]]) {
        node.children[symbols[i]] = new TrieNode();
        node.children[symbols[i]].word[0] = node.word[0].concat(symbols[i]);
      }
      node = node.children[symbols[i]];
      if (i === symbols.length - 1) {
        node.end = true;
        node.word[1] = score;
        node.word[2] = index;
      }
    }
  }
  /** Every vocabulary piece that is a prefix of ss (or ss's first symbol as unknown). */
  commonPrefixSearch(ss) {
    const output = [];
    let node = this.root.children[ss[0]];
    for (let i = 0; i < ss.length && node; i++) {
      if (node.end) output.push(node.word);
      node = node.children[ss[i + 1]];
    }
    if (!output.length) output.push([[ss[0]], 0, 0]);
    return output;
  }
}

class Tokenizer {
  /** @param {[string, number][]} vocabulary */
  constructor(vocabulary) {
    this.vocabulary = vocabulary;
    this.trie = new Trie();
    for (let i = RESERVED_SYMBOLS_COUNT; i < vocabulary.length; i++) this.trie.insert(vocabulary[i][0], vocabulary[i][1], i);
  }
  /** @param {string} text @returns {number[]} vocabulary ids */
  encode(text) {
    const normalized = text.normalize("NFKC");
    const input = normalized.length > 0 ? SEPARATOR + normalized.replace(/ /g, SEPARATOR) : normalized;
    const symbols = chars(input);
    const nodes = [];
    const words = [];
    const best = [];
    for (let i = 0; i <= symbols.length; i++) {
      nodes.push({});
      words.push(0);
      best.push(0);
    }
    for (let i = 0; i < symbols.length; i++) {
      const matches = this.trie.commonPrefixSearch(symbols.slice(i));
      for (const piece of matches) {
        const endPos = piece[0].length;
        (nodes[i + endPos][i] ??= []).push({ key: piece[0], score: piece[1], index: piece[2] });
      }
    }
    for (let endPos = 0; endPos <= symbols.length; endPos++) {
      for (const startPos in nodes[endPos]) {
        for (const word of nodes[endPos][startPos]) {
          const score = word.score + best[endPos - word.key.length];
          if (best[endPos] === 0 || score >= best[endPos]) {
            best[endPos] = score;
            words[endPos] = word.index;
          }
        }
      }
    }
    const results = [];
    let iter = words.length - 1;
    while (iter > 0) {
      results.push(words[iter]);
      iter -= this.vocabulary[words[iter]][0].length;
    }
    const merged = [];
    let previousUnknown = false;
    for (const id of results) {
      if (!(previousUnknown && id === 0)) merged.push(id);
      previousUnknown = id === 0;
    }
    return merged.reverse();
  }
}

module.exports = { Tokenizer };
