import { Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CandidateRow } from '../../../contracts/graduations';
import { GRADUATION_TEXT } from '../../../contracts/graduation-rules';
import { schoolDate } from '../../../contracts/school-time';
import { FormShell } from '../../components/FormShell';
import { FormField } from '../../components/form/FormField';
import { SingleCheckbox } from '../../components/form/fields';
import { localText } from '../../lib/locale';
import { notify } from '../../lib/notify';
import { graduate } from './api';
import { useDialogSave } from './use-dialog-save';

/**
 * 办理毕业 for the selected candidates: the graduation date (today or earlier) and the choice to
 * disable the students' and their parents' accounts too (unticked: accounts stay as they are).
 */
export default function GraduateDialog({ students, onClose, onDone, onStale }: { students: CandidateRow[]; onClose: () => void; onDone: () => void; onStale: () => void }) {
  const { t, i18n } = useLingui();
  const today = schoolDate();
  const [on, setOn] = useState(today);
  const [disableAccounts, setDisableAccounts] = useState(false);
  const { error, refuse, run } = useDialogSave(onStale);
  const save = async () => {
    if (!on) refuse(t`请选择毕业日期`);
    if (on > today) refuse(localText(GRADUATION_TEXT.dateInFuture(today), i18n.locale));
    await run(async () => {
      const answer = await graduate({ students: students.map((s) => ({ id: s.id, version: s.version })), graduatedOn: on, disableAccounts });
      notify.success(t`已办理毕业 ${answer.graduated} 人`);
      onDone();
    });
  };
  return (
    <FormShell open variant="dialog" title={<Trans>办理毕业</Trans>} saveLabel={<Trans>确定毕业</Trans>} onCancel={onClose} onSave={save} error={error}>
      <Stack gap="4" data-testid="graduate-form">
        <Text>
          <Trans>将为所选的 {students.length} 名学生办理毕业：结束其班级在籍记录，学籍状态改为毕业，释放宿舍床位。</Trans>
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="graduate-names">
          {students.map((s) => s.name).join('、')}
        </Text>
        <FormField label={t`毕业日期`} required htmlFor="graduate-date">
          <Input id="graduate-date" type="date" max={today} value={on} onChange={(event) => setOn(event.target.value)} data-testid="graduate-date" />
        </FormField>
        {on && on < today && (
          <Text fontSize="xs" color="fg.muted" data-testid="graduate-past-date">
            <Trans>毕业日期早于今天：班级名单从今天起变更，此前已记录的考勤和成绩不变。</Trans>
          </Text>
        )}
        <SingleCheckbox id="graduate-disable-accounts" checked={disableAccounts} onChange={setDisableAccounts} label={<Trans>同时停用学生及家长账号</Trans>} />
        <Text fontSize="xs" color="fg.muted">
          <Trans>不勾选时账号保持不变，之后可在毕业生列表中批量停用。家长还有在校子女时不停用其账号。</Trans>
        </Text>
      </Stack>
    </FormShell>
  );
}
