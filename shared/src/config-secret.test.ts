import { describe, expect, it } from 'vitest';
import { isSecretConfig } from './config-kinds';

describe('isSecretConfig', () => {
  it('hides aes_key and every entry named like a credential', () => {
    for (const name of ['aes_key', 'smtp_pwd', 'api_key_v2', 'db_pass', 'wx_token', 'my_secret', 'oss_credentials']) {
      expect(isSecretConfig(name), name).toBe(true);
    }
  });

  it('leaves known switches and ordinary names readable', () => {
    for (const name of [
      'use_password_check',
      'login_max_fails',
      'keyword_filter',
      'hotkeys',
      'passport_url',
      'openType',
    ]) {
      expect(isSecretConfig(name), name).toBe(false);
    }
  });
});
