import type { LayoutTemplate, StudyDetail } from '@shared/schemas/report';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { layoutFor } from '../../platform/db/layout-versions';
import { AppError } from '../../platform/core/errors';
import { reportInfo } from '../report';

/**
 * The application form of a study (/printApply): the hospital's application-form layout for the study's
 * modality, else its default, else the installation's, and the study's fields. Report texts are not part of
 * it. None set up: the spec's "cannot obtain print template, contact administrator" (404).
 */
export async function applyForm(
  db: Db,
  me: AuthUser,
  studyIuid: string,
): Promise<{ template: LayoutTemplate; study: StudyDetail }> {
  const { study } = await reportInfo(db, me, studyIuid);
  const template = await layoutFor(db, study.hospital_code, study.modality, null, 'apply');
  if (!template) throw new AppError(404, 'TEMPLATE_MISSING', 'applyTemplateMissing');
  return { template, study };
}
