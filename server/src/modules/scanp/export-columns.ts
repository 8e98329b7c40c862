import { SCAN_ITEM_IMPORT_COLUMNS, type ScanItemRow } from '@shared/schemas/scan-item';
import type { XlsxColumn } from '../../platform/list/xlsx-export';

/** The export's columns are the import template's (its zh-CN or English labels), so a file goes back in. */
export const SCAN_ITEM_EXPORT_COLUMNS: XlsxColumn<ScanItemRow>[] = (
  Object.entries(SCAN_ITEM_IMPORT_COLUMNS) as [keyof typeof SCAN_ITEM_IMPORT_COLUMNS, readonly string[]][]
).map(([key, labels]) => ({
  header: { 'zh-CN': labels[0]!, 'en-US': labels[2]! },
  width: key === 'description' || key === 'en' ? 24 : 12,
  value: (r) => r[key],
}));
