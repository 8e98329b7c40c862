// The part of dcmjs (which ships no types) the archive and the viewer's tag browser use.
declare module 'dcmjs' {
  interface DicomElement {
    vr: string;
    Value?: unknown[];
    /** The value as read, before dcmjs's conversions (DS/IS as text with their padding, PN as one string). */
    _rawValue?: unknown;
  }
  /** One entry of dcmjs's data dictionary: keyword (`name`), VR and VM of a tag. */
  interface DictionaryEntry {
    tag: string;
    vr: string;
    vm: string;
    name: string;
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
        /** By tag as `(GGGG,EEEE)` (upper-case hex; dcmjs answers lower case too). */
        dictionary: Record<string, DictionaryEntry | undefined>;
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
