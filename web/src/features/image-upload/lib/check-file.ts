/** Why the chosen files cannot be sent (checked before sending; the server checks again), or null. */
export function uploadProblem(
  files: readonly { name: string }[],
  hospitalCode: string | undefined,
): 'chooseHospital' | 'chooseFile' | 'oneFile' | 'wrongFormat' | null {
  if (!hospitalCode) return 'chooseHospital';
  if (!files.length) return 'chooseFile';
  if (files.length > 1) return 'oneFile';
  if (!/\.(dcm|zip)$/i.test(files[0]!.name)) return 'wrongFormat';
  return null;
}
