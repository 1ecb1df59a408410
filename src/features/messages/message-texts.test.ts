import { describe, expect, it } from 'vitest';
import { bilingualParams, MESSAGE_TEXTS, renderMessageText } from '../../../contracts/message-texts';

describe('message texts', () => {
  it('renders a key with its parameters in the reader language; words in both languages pick theirs', () => {
    const params = bilingualParams({ applicant: '黄涛建', kind: '请假申请', step: '班主任' }, { applicant: '黄涛建', kind: 'leave application', step: 'head teacher' });
    expect(params).toEqual({ applicant: '黄涛建', kind: { zh: '请假申请', en: 'leave application' }, step: { zh: '班主任', en: 'head teacher' } });
    expect(renderMessageText('applicationSubmitted', params, 'zh')).toEqual({ title: '审批通知：黄涛建的请假申请', body: '黄涛建的请假申请已提交，等待班主任审核' });
    expect(renderMessageText('applicationSubmitted', params, 'en')).toEqual({
      title: "Approval: 黄涛建's leave application",
      body: "黄涛建's leave application has been submitted and awaits the head teacher",
    });
  });

  it('an unknown key is null (the stored title shows); every text names the same parameters in both languages', () => {
    expect(renderMessageText('nope', {}, 'en')).toBeNull();
    expect(renderMessageText(null, null, 'zh')).toBeNull();
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(MESSAGE_TEXTS)) {
      expect(names(text.title.en), key).toEqual(names(text.title.zh));
      expect(names(text.body.en), key).toEqual(names(text.body.zh));
      expect(text.title.en + text.body.en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
