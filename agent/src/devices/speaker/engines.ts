import { run } from '../../lib/run';
import type { Speaker } from './speaker';

/** espeak-ng (Linux): rate 1 is 175 words per minute. */
export const espeakNg: Speaker = async ({ text, rate, voice, outFile }) => {
  const args = ['-v', voice, '-s', String(Math.round(175 * rate)), ...(outFile ? ['-w', outFile] : []), '--', text];
  await run('espeak-ng', args);
};

/** macOS `say`: rate 1 is about 180 words per minute. */
export const macSay: Speaker = async ({ text, rate, outFile }) => {
  const args = [
    '-r',
    String(Math.round(180 * rate)),
    ...(outFile ? ['-o', outFile, '--data-format=LEI16@22050'] : []),
    '--',
    text,
  ];
  await run('say', args);
};

/**
 * Windows SAPI through PowerShell. The text goes in on stdin, never into the script, so no quoting can
 * break out. SAPI's rate runs from -10 to 10 with 0 normal.
 */
export const sapiSpeaker =
  (exec: typeof run = run): Speaker =>
  async ({ text, rate, outFile }) => {
    const sapiRate = Math.max(-10, Math.min(10, Math.round((rate - 1) * 10)));
    const script = [
      'Add-Type -AssemblyName System.Speech',
      '$s = New-Object System.Speech.Synthesis.SpeechSynthesizer',
      `$s.Rate = ${sapiRate}`,
      ...(outFile ? ['$s.SetOutputToWaveFile($env:RXPACS_SPEECH_OUT)'] : []),
      '$s.Speak([Console]::In.ReadToEnd())',
    ].join('; ');
    await exec('powershell.exe', ['-NoProfile', '-NonInteractive', '-Command', script], {
      input: text,
      env: { ...process.env, RXPACS_SPEECH_OUT: outFile ?? '' },
    });
  };

export const windowsSapi = sapiSpeaker();

export function speakerFor(engine: 'espeak-ng' | 'sapi' | 'say' | undefined, platform = process.platform): Speaker {
  const chosen = engine ?? (platform === 'win32' ? 'sapi' : platform === 'darwin' ? 'say' : 'espeak-ng');
  return chosen === 'sapi' ? windowsSapi : chosen === 'say' ? macSay : espeakNg;
}
