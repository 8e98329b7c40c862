import { useState } from 'react';
import type { StatsExportRequest } from '@shared/schemas/statistics';
import { exportStats } from '../api/statistics-api';

/** exportExcel of one table or series, with the button's loading state. */
export function useStatsExport() {
  const [exporting, setExporting] = useState(false);
  const download = async (req: StatsExportRequest, fileName: string) => {
    setExporting(true);
    try {
      await exportStats(req, fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
