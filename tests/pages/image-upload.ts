import type { Page } from 'playwright-core';

/** /uploadZip: hospital, one file, progress and a result per file. */
export class UploadZipScreen {
  constructor(readonly page: Page) {}

  readonly root = () => this.page.getByTestId('upload-zip-page');
  readonly results = () => this.page.getByTestId('upload-result');
  readonly result = (file: string) => this.page.locator(`[data-testid=upload-result][data-file="${file}"]`);
  readonly summary = () => this.page.getByTestId('upload-summary');

  async open(appUrl: string): Promise<void> {
    await this.page.goto(`${appUrl}#/uploadZip`);
    await this.root().waitFor();
  }

  async chooseHospital(name: string): Promise<void> {
    await this.page.getByTestId('upload-hospital').click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: name }).first().click();
  }

  async chooseFile(name: string, data: Buffer): Promise<void> {
    await this.root().locator('input[type=file]').setInputFiles({ name, mimeType: 'application/zip', buffer: data });
  }

  async send(): Promise<void> {
    await this.page.getByTestId('upload-send').click();
  }

  /** Waits for the upload to end (done, failed or cancelled) and answers the phase. */
  async finished(): Promise<string> {
    await this.page
      .locator('[data-testid=upload-zip-page]:is([data-phase=done],[data-phase=failed],[data-phase=cancelled])')
      .waitFor();
    return (await this.root().getAttribute('data-phase')) ?? '';
  }
}

/** The writing screen's attachment button and modal. */
export class PatientFilesDialog {
  constructor(readonly page: Page) {}

  readonly count = () => this.page.getByTestId('patfile-count');
  readonly modal = () => this.page.getByTestId('patfile-modal');
  readonly row = (name: string) => this.page.locator(`[data-testid=patfile-row][data-name="${name}"]`);

  async open(): Promise<void> {
    await this.page.getByTestId('rw-btn-patfile').click();
    await this.page.getByTestId('patfile-table').waitFor();
  }

  async add(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.page.locator('.ant-modal input[type=file]').setInputFiles({ name, mimeType, buffer });
    await this.row(name).waitFor();
  }

  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('patfile-delete').click();
    await this.page.getByTestId('patfile-delete-ok').click();
    await this.row(name).waitFor({ state: 'detached' });
  }

  async countIs(n: number): Promise<void> {
    await this.page.locator(`[data-testid=patfile-count][data-count="${n}"]`).waitFor();
  }
}

/** /readingVideo?uid: videos, captured images, capture (F8). */
export class VideoScreen {
  constructor(readonly page: Page) {}

  readonly noDevice = () => this.page.getByTestId('capture-no-device');

  async open(appUrl: string, studyIuid: string): Promise<void> {
    await this.page.goto(`${appUrl}#/readingVideo?uid=${encodeURIComponent(studyIuid)}`);
    await this.page.getByTestId('video-page').waitFor();
  }

  async startDevice(): Promise<void> {
    await this.page.getByTestId('capture-start').click();
  }

  /** Waits for the live preview (a frame of the capture device decoded). */
  async live(): Promise<void> {
    await this.page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=capture-preview]');
      return !!v && v.videoWidth > 0 && v.readyState >= 2;
    });
    await this.page.locator('[data-testid=capture-grab]:not([disabled])').waitFor();
  }

  async countIs(n: number): Promise<void> {
    await this.page.locator(`[data-testid=capture-count][data-count="${n}"]`).waitFor();
  }
}
