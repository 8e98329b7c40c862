import type { Locale } from '@shared/constants';
import { AppError } from '../core/errors';
import { translate, type MessageKey, type Params } from '../core/i18n';

/** A 400 naming one field, its message in the caller's language (also the answer's msg). */
export function fieldError(locale: Locale, field: string, key: MessageKey, params?: Params): AppError {
  return AppError.validation(key, [{ field, msg: translate(locale, key, params) }]);
}
