/** A patient label: what the registration desk sticks on the request form and the film bag. */
export interface PatientLabel {
  patient_name: string;
  patient_id: string;
  accession_no: string;
  modality: string;
  /** The patient's look-up code as printed (/patientInfo), when the label is made from the study. */
  lookup_code?: string | undefined;
}

export interface LabelLayout {
  /** Print width and label length in dots (default 50 x 30 mm at 203 dpi). */
  widthDots?: number;
  heightDots?: number;
  /**
   * Printer font with Chinese glyphs for ^A@ (Zebra's GB 18030 font by default). The built-in ^A0 font
   * has no CJK glyphs; a printer without this font needs it downloaded once (see docs/extension.md).
   */
  cjkFont?: string;
}

/**
 * Field data for ^FD after ^FH_: '^' and '~' would start commands inside the data, and '_' is the hex
 * escape itself, so all three travel as hex; control characters (line breaks) become spaces. Other text,
 * Chinese included, stays UTF-8 (^CI28).
 */
export function zplField(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .trim()
      .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
  );
}

/** ZPL II of a patient label: name, ID and modality as text, the accession number as a Code 128 barcode. */
export function patientLabelZpl(label: PatientLabel, layout: LabelLayout = {}): string {
  const width = layout.widthDots ?? 400;
  const height = layout.heightDots ?? 240;
  const font = layout.cjkFont ?? 'E:SIMSUN.FNT';
  const text = (x: number, y: number, size: number, value: string) =>
    `^FO${x},${y}^A@N,${size},${size},${font}^FH_^FD${zplField(value)}^FS`;
  const lines = [
    '^XA',
    '^CI28',
    `^PW${width}`,
    `^LL${height}`,
    text(20, 15, 36, label.patient_name),
    text(20, 60, 24, `ID: ${label.patient_id}`),
    text(width - 110, 60, 24, label.modality),
  ];
  if (label.accession_no.trim()) {
    // Code 128, 80 dots high, human-readable line below, automatic mode switching (^BC...,A).
    lines.push(`^FO20,100^BY2^BCN,80,Y,N,N,A^FH_^FD${zplField(label.accession_no)}^FS`);
  }
  if (label.lookup_code?.trim()) lines.push(text(20, height - 28, 20, `查询码 ${label.lookup_code}`));
  lines.push('^XZ');
  return `${lines.join('\n')}\n`;
}
