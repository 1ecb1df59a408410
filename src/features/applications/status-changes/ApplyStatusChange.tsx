import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { schoolDate } from '../../../../contracts/school-time';
import type { OrgNode } from '../../../../contracts/selector';
import { SELECTOR_PREFIX, parseSelectorCode } from '../../../../contracts/selector-constants';
import {
  needsClass,
  REASON_MAX,
  STATUS_CHANGE_ATTACHMENT_PROFILE,
  STATUS_CHANGE_ATTACHMENTS_MAX,
  STATUS_CHANGE_TEXT,
  STATUS_CHANGE_TYPES,
  type StatusChangeType,
} from '../../../../contracts/status-change-rules';
import { FormShell } from '../../../components/FormShell';
import { FormField } from '../../../components/form/FormField';
import { useDraft } from '../../../components/form/use-draft';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { FileUpload } from '../../../components/upload/FileUpload';
import { HttpError } from '../../../lib/http';
import { localText } from '../../../lib/locale';
import { notify } from '../../../lib/notify';
import { applyStatusChange, statusChangeStudentQuery } from './api';
import { TYPE_EFFECTS, TYPE_LABELS } from './labels';

const single = (codes: string) => parseSelectorCode(codes.split(',')[0] ?? '')?.value ?? '';
/** A class a student can go to: not graduated (the server refuses anything else). */
const isCurrentClass = (node: OrgNode) => node.KIND === 'class' && node.GRADUATED !== '1';

/**
 * 申请学籍异动: the student (people selector, students only), the type, the class they go to (插班,
 * 复学, 转班: the org selector offering current classes only; for 复学 only those of the grade the student's
 * last class is in now, as the server asks: /api/status-changes/student), the effective date
 * (today or later), the reason and documents. Submitting files it and sends it to its first auditor.
 */
export default function ApplyStatusChange({ onClose, onSaved, initial }: { onClose: () => void; onSaved: (id: string) => void; initial?: { studentId: string; changeType: StatusChangeType } }) {
  const { t, i18n } = useLingui();
  const today = schoolDate();
  const words = (label: { zh: string; en: string }) => localText(label, i18n.locale);
  const [id] = useState(() => uuidv7());
  const { draft, patch, dirty } = useDraft(() => ({ studentId: initial?.studentId ?? '', changeType: (initial?.changeType ?? '') as StatusChangeType | '', toClassId: '', effectiveDate: today, reason: '', attachments: [] as string[] }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState('');
  const wantsClass = draft.changeType !== '' && needsClass(draft.changeType);
  const resuming = draft.changeType === 'resume' && draft.studentId !== '';
  const resume = useQuery({ ...statusChangeStudentQuery(draft.studentId), enabled: resuming });
  const resumeIds = resume.data?.resumeClassIds;
  const targets = useMemo(() => (resuming && resumeIds ? new Set(resumeIds) : null), [resuming, resumeIds]);
  const classPickable = useMemo(() => (targets ? (node: OrgNode) => isCurrentClass(node) && targets.has(node.id) : isCurrentClass), [targets]);
  const resumeHint = !resuming || !resume.data ? undefined : resume.data.resumeGrade ? words(STATUS_CHANGE_TEXT.wrongGrade(resume.data.resumeGrade)) : resumeIds ? words(STATUS_CHANGE_TEXT.gradeGone) : undefined;

  const check = () => {
    const found: Partial<Record<string, string>> = {};
    if (!draft.studentId) found.studentId = words(STATUS_CHANGE_TEXT.studentUnknown);
    if (!draft.changeType) found.changeType = t`请选择异动类型`;
    if (wantsClass && !draft.toClassId) found.toClassId = words(STATUS_CHANGE_TEXT.classRequired);
    if (!draft.effectiveDate) found.effectiveDate = t`请选择生效日期`;
    else if (draft.effectiveDate < today) found.effectiveDate = words(STATUS_CHANGE_TEXT.dateInPast(today));
    if (!draft.reason.trim()) found.reason = t`请输入异动原因`;
    return found;
  };

  const save = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) throw new Error('invalid');
    setFailure('');
    try {
      await applyStatusChange({
        id,
        studentId: draft.studentId,
        changeType: draft.changeType as StatusChangeType,
        toClassId: wantsClass ? draft.toClassId : '',
        effectiveDate: draft.effectiveDate,
        reason: draft.reason.trim(),
        attachments: draft.attachments,
      });
      notify.success(t`已提交，等待审核`);
      onSaved(id);
    } catch (error) {
      setFailure(error instanceof HttpError ? error.msg : t`提交失败`);
      throw error;
    }
  };

  return (
    <FormShell open title={<Trans>申请学籍异动</Trans>} saveLabel={<Trans>提交</Trans>} onCancel={onClose} onSave={save} dirty={dirty} error={failure || undefined}>
      <Stack gap="4" data-testid="status-change-form">
        <FormField label={t`学生`} required error={errors.studentId}>
          <PeopleOrgRoleSelector
            aria-label={t`学生`}
            types={['people']}
            userType="2"
            multiple={false}
            limit={1}
            value={draft.studentId ? `${SELECTOR_PREFIX.people}${draft.studentId}` : ''}
            // 复学's classes depend on the student: a class picked for another one goes
            onChange={(codes) => patch({ studentId: single(codes), ...(draft.changeType === 'resume' ? { toClassId: '' } : {}) })}
          />
        </FormField>
        <FormField label={t`异动类型`} required error={errors.changeType}>
          <ChoiceSelect
            aria-label={t`异动类型`}
            minH="11"
            testId="status-change-type"
            value={draft.changeType}
            invalid={Boolean(errors.changeType)}
            onChange={(value) => patch({ changeType: value as StatusChangeType, ...(value === 'resume' ? { toClassId: '' } : {}) })}
            choices={STATUS_CHANGE_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_LABELS[type]) }))}
          />
          {draft.changeType && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {i18n._(TYPE_EFFECTS[draft.changeType])}
            </Text>
          )}
        </FormField>
        {wantsClass && (
          <FormField label={t`转入班级`} required error={errors.toClassId} helper={resumeHint}>
            <PeopleOrgRoleSelector
              aria-label={t`转入班级`}
              types={['org']}
              multiple={false}
              limit={1}
              disabled={resuming && resume.isPending}
              orgPickable={classPickable}
              value={draft.toClassId ? `${SELECTOR_PREFIX.org}${draft.toClassId}` : ''}
              onChange={(codes) => patch({ toClassId: single(codes) })}
            />
          </FormField>
        )}
        <FormField label={t`生效日期`} required error={errors.effectiveDate}>
          <Input type="date" min={today} value={draft.effectiveDate} onChange={(event) => patch({ effectiveDate: event.target.value })} data-testid="status-change-date" aria-label={t`生效日期`} />
        </FormField>
        <FormField label={t`异动原因`} required error={errors.reason}>
          <Textarea
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t`请输入`}
            value={draft.reason}
            onChange={(event) => patch({ reason: event.currentTarget.value })}
            data-testid="status-change-reason"
            aria-label={t`异动原因`}
          />
        </FormField>
        <FormField label={t`附件`} helper={t`PDF、Word、PPT、Excel 文档，最多 ${STATUS_CHANGE_ATTACHMENTS_MAX} 个`}>
          <FileUpload category={STATUS_CHANGE_ATTACHMENT_PROFILE} limit={STATUS_CHANGE_ATTACHMENTS_MAX} value={draft.attachments} onChange={(attachments) => patch({ attachments })} />
        </FormField>
      </Stack>
    </FormShell>
  );
}
