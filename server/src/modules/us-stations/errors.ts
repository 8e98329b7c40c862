import type { Locale } from '@shared/constants';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey, type Params } from '../../platform/core/i18n';

/** 409 naming the field, in the caller's language. */
export function conflictOn(
  locale: Locale,
  field: string,
  key: MessageKey,
  params: Params,
  error: 'CONFLICT' | 'US_NUMBER_OVERLAP' | 'US_NUMBER_IN_USE' = 'CONFLICT',
): AppError {
  const e = new AppError(409, error, key, params);
  e.errors = [{ field, msg: translate(locale, key, params) }];
  return e;
}
