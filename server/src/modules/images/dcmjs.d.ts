// The part of dcmjs (which ships no types) the archive uses.
declare module 'dcmjs' {
  interface DicomElement {
    vr: string;
    Value?: unknown[];
  }
  interface Logger {
    setLevel(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'silent'): void;
  }
  interface DicomDict {
    meta: Record<string, DicomElement>;
    dict: Record<string, DicomElement>;
    write(): ArrayBuffer;
  }
  const dcmjs: {
    data: {
      DicomMessage: {
        readFile(
          buffer: ArrayBuffer,
          options?: { ignoreErrors?: boolean; untilTag?: string; includeUntilTagValue?: boolean; noCopy?: boolean },
        ): DicomDict;
      };
      DicomDict: new (meta: Record<string, DicomElement>) => DicomDict;
      DicomMetaDictionary: {
        /** A naturalized data set (keyword: value, `_vrMap` for VRs the dictionary leaves open) to elements. */
        denaturalizeDataset(dataset: Record<string, unknown>): Record<string, DicomElement>;
        /** Elements to keyword: value (the tests read files with it). */
        naturalizeDataset(dict: Record<string, DicomElement>): Record<string, unknown>;
      };
    };
    log: Logger & { getLogger(name: string): Logger };
  };
  export default dcmjs;
}
