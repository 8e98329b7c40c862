import { SCAN_ITEM_IMPORT_COLUMNS, type ScanItemRow } from '@shared/schemas/scan-item';
import type { XlsxColumn } from '../../platform/list/xlsx-export';

/**
 * The export's columns are the import's (its zh-CN or English labels), the item's ID and hospital among
 * them, so an exported file edited and imported again changes those items instead of adding copies.
 */
export const SCAN_ITEM_EXPORT_COLUMNS: XlsxColumn<ScanItemRow>[] = (
  Object.entries(SCAN_ITEM_IMPORT_COLUMNS) as [keyof typeof SCAN_ITEM_IMPORT_COLUMNS, readonly string[]][]
).map(([key, labels]) => ({
  header: { 'zh-CN': labels[0]!, 'en-US': labels[2]! },
  width: key === 'description' || key === 'en' ? 24 : 12,
  value: (r) => r[key],
}));
