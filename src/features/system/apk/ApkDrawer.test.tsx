import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { apkVersions } from '../../../../contracts/resources/apk-versions';
import { ResourceDrawer } from '../../../components/resource/ResourceDrawer';
import { apkInputs } from './ApkScreen';

describe('APK version drawer (the kit drawer from the definition, the package upload its own)', () => {
  it('refuses a version name that is not x.y.z and a missing code, in the server words, then sends the version', async () => {
    i18n.activate('zh');
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<ResourceDrawer definition={apkVersions} testId="apk" inputs={apkInputs} onClose={() => undefined} onSave={onSave} />);
    fireEvent.change(screen.getByTestId('apk-version-name'), { target: { value: '2.3' } });
    expect(await screen.findByText('版本名称格式应为x.y.z，例如2.3.1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入版本号')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('apk-version-name'), { target: { value: '2.3.1' } });
    const code = screen.getByRole('textbox', { name: '版本号' });
    fireEvent.change(code, { target: { value: '231' } });
    fireEvent.blur(code);
    fireEvent.change(screen.getByTestId('apk-changelog'), { target: { value: '修复' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ versionName: '2.3.1', versionCode: 231, fileId: '', changelog: '修复', forceUpdate: false }));
  });
});
