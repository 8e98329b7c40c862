import { App, Button, DatePicker, Form, Input, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BIRTHDAY_MIN, PROFILE_EMAIL_MAX, PROFILE_NAME_MAX, type UpdateProfile } from '@shared/schemas/account';
import { PHONE_RE } from '@shared/schemas/admin-user';
import type { User } from '@shared/schemas/auth';
import { useUpdateProfile } from '../api/update-profile';

interface ProfileValues {
  ch_name: string;
  en_name: string;
  gender?: 'M' | 'F';
  birthday?: Dayjs | null;
  phone: string;
  email: string;
}

const valuesOf = (u: User): ProfileValues => ({
  ch_name: u.ch_name,
  en_name: u.en_name,
  gender: u.gender === 'M' || u.gender === 'F' ? u.gender : undefined,
  birthday: u.birthday ? dayjs(u.birthday) : null,
  phone: u.phone,
  email: u.email,
});

const outOfRange = (d: Dayjs) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs(BIRTHDAY_MIN), 'day');

/** The editable part of the profile (spec section 5): names, gender and birthday required; phone and email optional. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const update = useUpdateProfile();

  const onFinish = (v: ProfileValues) => {
    const body: UpdateProfile = {
      ch_name: v.ch_name,
      en_name: v.en_name,
      gender: v.gender ?? 'M',
      birthday: v.birthday?.format('YYYY-MM-DD') ?? '',
      phone: v.phone ?? '',
      email: v.email ?? '',
    };
    update.mutate(body, { onSuccess: () => void message.success(t('base.saved')) });
  };

  return (
    <Form<ProfileValues>
      layout="vertical"
      initialValues={valuesOf(user)}
      onFinish={onFinish}
      style={{ maxWidth: 440 }}
      data-testid="profile-form"
    >
      <Form.Item
        name="ch_name"
        label={t('base.ch_name')}
        rules={[{ required: true, whitespace: true, message: t('base.required', { field: t('base.ch_name') }) }]}
      >
        <Input maxLength={PROFILE_NAME_MAX} data-testid="profile-ch_name" />
      </Form.Item>
      <Form.Item
        name="en_name"
        label={t('base.en_name')}
        rules={[{ required: true, whitespace: true, message: t('base.required', { field: t('base.en_name') }) }]}
      >
        <Input maxLength={PROFILE_NAME_MAX} data-testid="profile-en_name" />
      </Form.Item>
      <Form.Item name="gender" label={t('base.gender')} rules={[{ required: true, message: t('base.genderRequired') }]}>
        <Radio.Group
          data-testid="profile-gender"
          options={[
            { value: 'M', label: t('base.male') },
            { value: 'F', label: t('base.female') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="birthday"
        label={t('base.birthday')}
        rules={[{ required: true, message: t('base.birthdayRequired') }]}
      >
        <DatePicker disabledDate={outOfRange} style={{ width: '100%' }} data-testid="profile-birthday" />
      </Form.Item>
      <Form.Item name="phone" label={t('base.phone')} rules={[{ pattern: PHONE_RE, message: t('base.phoneRule') }]}>
        <Input maxLength={11} inputMode="numeric" data-testid="profile-phone" />
      </Form.Item>
      <Form.Item name="email" label={t('base.email')} rules={[{ type: 'email', message: t('base.emailRule') }]}>
        <Input maxLength={PROFILE_EMAIL_MAX} data-testid="profile-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-save">
        {t('base.save')}
      </Button>
    </Form>
  );
}
