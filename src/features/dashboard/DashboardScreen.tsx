import { Badge, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PermissionPayload } from '../../../contracts/session';

export interface DashboardScreenProps {
  user: PermissionPayload['userInfo'];
  roles: readonly string[];
}

/** /dashboard, the home page. Placeholder cards until the home-page card editor exists. */
export function DashboardScreen({ user, roles }: DashboardScreenProps) {
  const { t } = useLingui();
  const userTypes: Record<string, string> = {
    '1': t`管理员`,
    '2': t`学生`,
    '3': t`教师`,
    '4': t`家长`,
  };
  const name = user.name || user.username;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        <Trans>首页</Trans>
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <Card.Root data-testid="welcome-card">
          <Card.Header>
            <Card.Title>
              <Trans>欢迎，{name}</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Stack gap="2">
              <Text color="fg.muted">
                <Trans>账号：{user.username}</Trans>
              </Text>
              <Text>
                <Badge colorPalette="brand">{userTypes[user.userType] ?? t`其他`}</Badge>
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root data-testid="school-card">
          <Card.Header>
            <Card.Title>
              <Trans>学校</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Text fontSize="lg" fontWeight="semibold">
              {user.tenantName}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {user.tenant}
            </Text>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <Card.Title>
              <Trans>角色</Trans>
            </Card.Title>
          </Card.Header>
          <Card.Body>
            <Text color="fg.muted">{roles.length ? roles.join('、') : t`暂无角色`}</Text>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
