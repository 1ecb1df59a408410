import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HOLD_BACK_REASON_MAX } from '../../../contracts/graduation-rules';
import { schoolDate } from '../../../contracts/school-time';
import { FormShell } from '../../components/FormShell';
import { FormField } from '../../components/form/FormField';
import { Select } from '../../components/form/fields';
import { HttpError } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { graduationOptionsQuery, holdBack } from './api';

/** The row a hold back starts from: a candidate or a graduate of the latest year. */
export interface HoldBackStudent {
  id: string;
  name: string;
  version: number;
  repeatLevel: number | null;
  graduated: boolean;
}

/**
 * 留级: the class of the grade the student repeats (after the upgrade the graduating grade, before it
 * the grade that becomes it), the date and a reason. A graduate's graduation of the year is removed.
 */
export default function HoldBackDialog({ student, onClose, onDone, onStale }: { student: HoldBackStudent; onClose: () => void; onDone: () => void; onStale: () => void }) {
  const { t } = useLingui();
  const localName = useLocalName();
  const today = schoolDate();
  const options = useQuery(graduationOptionsQuery);
  const classes = (options.data?.currentClasses ?? []).filter((klass) => student.repeatLevel === null || klass.gradeLevel === student.repeatLevel);
  const [classId, setClassId] = useState('');
  const [on, setOn] = useState(today);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const save = async () => {
    if (!classId || !on) {
      setError(!classId ? t`请选择留级编入的班级` : t`请选择留级日期`);
      throw new Error('invalid');
    }
    setError('');
    try {
      await holdBack({ studentId: student.id, version: student.version, classId, heldOn: on, reason: reason.trim() });
      notify.success(t`已办理留级`);
      onDone();
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`操作失败`);
      if (failure instanceof HttpError && (failure.data as { stale?: boolean } | null)?.stale) onStale();
      throw failure;
    }
  };
  return (
    <FormShell open variant="dialog" title={<Trans>留级：{student.name}</Trans>} saveLabel={<Trans>确定留级</Trans>} onCancel={onClose} onSave={save} error={error || undefined}>
      <Stack gap="4" data-testid="hold-back-form">
        <Text fontSize="sm" color="fg.muted">
          {student.graduated ? (
            <Trans>将撤销该生本届的毕业，编入所选班级继续就读。</Trans>
          ) : (
            <Trans>该生不随本届毕业，编入所选班级（学年升级后仍为毕业年级）继续就读。</Trans>
          )}
        </Text>
        <FormField label={t`编入班级`} required htmlFor="hold-back-class">
          <Select id="hold-back-class" value={classId} onChange={setClassId} choices={classes.map((klass) => ({ value: klass.id, label: localName(klass.name, klass.nameEn) }))} />
        </FormField>
        <FormField label={t`留级日期`} required htmlFor="hold-back-date">
          <Input id="hold-back-date" type="date" max={today} value={on} onChange={(event) => setOn(event.target.value)} data-testid="hold-back-date" />
        </FormField>
        <FormField label={t`原因`} htmlFor="hold-back-reason">
          <Textarea id="hold-back-reason" rows={2} maxLength={HOLD_BACK_REASON_MAX} value={reason} onChange={(event) => setReason(event.currentTarget.value)} data-testid="hold-back-reason" />
        </FormField>
      </Stack>
    </FormShell>
  );
}
