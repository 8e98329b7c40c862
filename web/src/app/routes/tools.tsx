import { ToolDownloadPage } from '@web/features/tool-download/components/tool-download-page';

/** /tools: the spec's "tool download" (user menu). */
export default function ToolsRoute() {
  return <ToolDownloadPage />;
}
