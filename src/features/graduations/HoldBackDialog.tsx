import { Flex, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HOLD_BACK_REASON_MAX } from '../../../contracts/graduation-rules';
import type { AccountState } from '../../../contracts/graduations';
import { schoolDate } from '../../../contracts/school-time';
import { FormShell } from '../../components/FormShell';
import { FormField } from '../../components/form/FormField';
import { Select, SingleCheckbox } from '../../components/form/fields';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { AccountBadge } from './AccountBadge';
import { graduationOptionsQuery, holdBack } from './api';
import { useDialogSave } from './use-dialog-save';

/** The row a hold back starts from: a candidate or a graduate of the latest year. */
export interface HoldBackStudent extends AccountState {
  id: string;
  name: string;
  version: number;
  repeatLevel: number | null;
  graduated: boolean;
}

/**
 * 留级: the class of the grade the student repeats (after the upgrade the graduating grade, before it
 * the grade that becomes it), the date and a reason. A graduate's graduation of the year is removed.
 * The student's and parents' account state is shown; when any is disabled (a graduate's often is),
 * 重新启用学生及家长账号 is offered, ticked when the student's own login is disabled (opened or not:
 * a disabled one stays so when it is opened later): a student back in class needs it, and leaving it
 * off is a choice the answer confirms.
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
  const studentDisabled = !student.accountEnabled;
  const someDisabled = studentDisabled || student.parentAccounts.enabled < student.parentAccounts.total;
  const [enableAccounts, setEnableAccounts] = useState(studentDisabled);
  const { error, refuse, run } = useDialogSave(onStale);
  const save = async () => {
    if (!classId) refuse(t`请选择留级编入的班级`);
    if (!on) refuse(t`请选择留级日期`);
    await run(async () => {
      const answer = await holdBack({ studentId: student.id, version: student.version, classId, heldOn: on, reason: reason.trim(), enableAccounts: someDisabled && enableAccounts });
      if (answer.accountDisabled) notify.warning(t`已办理留级；学生账号仍为停用状态，学生无法登录`);
      else notify.success(answer.enabledAccounts > 0 ? t`已办理留级，已重新启用 ${answer.enabledAccounts} 个账号` : t`已办理留级`);
      onDone();
    });
  };
  return (
    <FormShell open variant="dialog" title={<Trans>留级：{student.name}</Trans>} saveLabel={<Trans>确定留级</Trans>} onCancel={onClose} onSave={save} error={error}>
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
        {on && on < today && (
          <Text fontSize="xs" color="fg.muted">
            <Trans>留级日期早于今天：班级名单从今天起变更，此前已记录的考勤和成绩不变。</Trans>
          </Text>
        )}
        <Flex gap="2" wrap="wrap" align="center" fontSize="sm" data-testid="hold-back-accounts">
          <Text>
            <Trans>学生账号</Trans>
          </Text>
          <AccountBadge enabled={student.accountEnabled} ready={student.accountReady} />
          <Text ms="2">
            <Trans>家长账号</Trans>
          </Text>
          <Text>{student.parentAccounts.total === 0 ? '—' : t`${student.parentAccounts.enabled}/${student.parentAccounts.total} 启用`}</Text>
        </Flex>
        {someDisabled && (
          <SingleCheckbox id="hold-back-enable-accounts" checked={enableAccounts} onChange={setEnableAccounts} label={<Trans>重新启用学生及家长账号</Trans>} />
        )}
      </Stack>
    </FormShell>
  );
}
