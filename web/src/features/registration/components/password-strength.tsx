import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordClasses, passwordStrength } from '@shared/schemas/registration';

const COLORS = ['#ff4d4f', '#ff4d4f', '#faad14', '#52c41a'] as const;
const LEVELS = ['weak', 'weak', 'medium', 'strong'] as const;

/** The spec's strength bar: 10 % with no class, 30 % per class (digits, letters, other), 100 % with all three. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('registration');
  const classes = passwordClasses(password);
  const percent = passwordStrength(password);
  const level = LEVELS[classes] ?? 'strong';
  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: -16, marginBottom: 16 }}
      data-testid="register-strength"
      data-percent={percent}
      data-level={level}
    >
      <Progress
        percent={percent}
        showInfo={false}
        size="small"
        strokeColor={COLORS[classes]}
        style={{ flex: 1, margin: 0 }}
        aria-label={t('strength.label')}
      />
      <span style={{ minWidth: 56, fontSize: 12, color: COLORS[classes] }} data-testid="register-strength-text">
        {t(`strength.${level}`)}
      </span>
    </div>
  );
}
