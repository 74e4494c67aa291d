export interface DecodedLine {
  text: string;
  mean: number;
}
/** Greedy CTC decoding of one line (T time steps × C classes, class 0 = blank) with spaces from gaps. */
export function decodeLine(probs: ArrayLike<number>, steps: number, classes: number, dictionary: readonly string[], offset?: number): DecodedLine;
