import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGrants } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { saveSeal, sealQuery, settingsKeys } from './api';
import { SETTINGS_EDIT } from '../../../../contracts/application-settings-constants';

/** SPEC §5 pictures: the seal is one PNG or JPG of at most 2 MB. */
export const SEAL_TYPES = '.png,.jpg,.jpeg';
export const SEAL_MAX_KB = 2048;

/** 学校印章: the image printed on enrolment and score proofs; none = a drawn seal with the school's name. */
export function SealSection() {
  const seal = useQuery(sealQuery());
  if (seal.isError) return <RequestError error={seal.error} />;
  if (seal.isPending) return <Skeleton h="24" w="24" />;
  return <SealEditor key={seal.data.resId} current={seal.data.resId} />;
}

function SealEditor({ current }: { current: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const grants = useGrants();
  const mayEdit = grants.permissions.includes(SETTINGS_EDIT);
  const [value, setValue] = useState<string[]>(current ? [current] : []);
  const [saving, setSaving] = useState(false);
  const chosen = value[0] ?? '';

  const save = async () => {
    setSaving(true);
    try {
      await saveSeal(chosen);
      notify.success(t`保存成功`);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.seal });
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`保存失败`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="3" maxW="lg" data-testid="seal-section">
      <Text fontSize="sm" color="fg.muted">
        <Trans>证明上加盖的印章：一张PNG或JPG图片，不超过2MB</Trans>
      </Text>
      <ImageUpload
        value={value}
        onChange={setValue}
        limit={1}
        category="picture"
        accept={SEAL_TYPES}
        maxSizeKB={SEAL_MAX_KB}
        disabled={!mayEdit}
        size="32"
      />
      <Text data-testid="seal-state" fontSize="sm">
        {chosen ? (chosen === current ? <Trans>当前使用上传的印章</Trans> : <Trans>新印章尚未保存</Trans>) : <Trans>使用默认印章</Trans>}
      </Text>
      {mayEdit && (
        <HStack>
          <Button colorPalette="brand" minH="11" loading={saving} disabled={chosen === current} onClick={() => void save()} data-testid="seal-save">
            <Trans>保存印章</Trans>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
