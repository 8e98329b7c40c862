import { Col, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRooms } from '../api/us-station-api';

interface Props {
  /** The form's test id: the selects are `<form>-hospital` and `<form>-room`. */
  formTestId: string;
  /** The super administrator's hospitals; null: the caller's own hospital (no hospital field). */
  hospitals: { value: string; label: string }[] | null;
  /** An edited row keeps its hospital. */
  editing: boolean;
}

/** The hospital (super administrator only) and the call room of that hospital, two half-width columns of a form. */
export function HospitalRoomFields({ formTestId, hospitals, editing }: Props) {
  const { t } = useTranslation('usStation');
  const hospital = Form.useWatch<string | undefined>('hospital_code');
  const rooms = useRooms(hospital || undefined);
  return (
    <>
      {hospitals && (
        <Col span={12}>
          <Form.Item
            name="hospital_code"
            label={t('fields.hospital')}
            rules={[{ required: true, message: t('rules.hospital') }]}
          >
            <Select
              options={hospitals}
              disabled={editing}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid={`${formTestId}-hospital`}
            />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item
          name="call_room"
          label={t('fields.call_room')}
          rules={[{ required: true, message: t('rules.room') }]}
        >
          <Select
            options={(rooms.data ?? []).map((r) => ({ value: r.room_name, label: r.room_name }))}
            loading={rooms.isLoading}
            data-testid={`${formTestId}-room`}
          />
        </Form.Item>
      </Col>
    </>
  );
}
