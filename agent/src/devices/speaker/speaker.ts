export interface Utterance {
  text: string;
  /** 0.1 to 2, 1 the engine's normal speed. */
  rate: number;
  voice: string;
  /** Write the audio to this WAV file instead of the speaker (tests, and recording a call). */
  outFile?: string;
}

/** Says one utterance and resolves when it has been spoken. Callers queue utterances (see speech-queue). */
export type Speaker = (utterance: Utterance) => Promise<void>;
