import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LOGIN_PASSWORD_MIN, type LoginRequest } from '../../../contracts/session';
import { LanguageToggle } from '../../components/LanguageToggle';
import { configText, getConfig } from '../../lib/config';
import { useDocumentTitle } from '../../lib/document-title';
import { HttpError } from '../../lib/http';
import { resetServerMessages } from '../../lib/i18n';
import { authKeys, captchaQuery, login, loginOptionsQuery } from './api';

type FieldName = 'tenant' | 'username' | 'password' | 'captcha';
type Errors = Partial<Record<FieldName, string>>;

export interface LoginScreenProps {
  /** called with nothing once the token is stored; the route decides where to go */
  onLoggedIn: () => void | Promise<void>;
}

/** /login (SPEC §2, §4, §5): username, password (≥ 5), captcha and school when the server asks. */
export function LoginScreen({ onLoggedIn }: LoginScreenProps) {
  const { t, i18n } = useLingui();
  const config = getConfig();
  const queryClient = useQueryClient();
  useDocumentTitle(t`登录`);
  const options = useQuery(loginOptionsQuery(i18n.locale));
  const captchaEnabled = options.data?.captchaEnabled ?? false;
  const captcha = useQuery({ ...captchaQuery, enabled: captchaEnabled });
  const askTenant = options.isSuccess && !options.data.tenant;

  const [values, setValues] = useState<Record<FieldName, string>>({ tenant: '', username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function validate(): Errors {
    const next: Errors = {};
    if (askTenant && !values.tenant) next.tenant = t`请选择学校`;
    if (!values.username.trim()) next.username = t`请输入用户名`;
    if (!values.password.trim()) next.password = t`请输入密码`;
    else if (values.password.trim().length < LOGIN_PASSWORD_MIN) next.password = t`密码长度至少5位`;
    if (captchaEnabled && !values.captcha.trim()) next.captcha = t`请输入验证码`;
    return next;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    const request: LoginRequest = {
      username: values.username.trim(),
      password: values.password.trim(),
      tenant: askTenant ? values.tenant : options.data?.tenant?.code,
      captchaId: captchaEnabled ? captcha.data?.captchaId : undefined,
      captcha: captchaEnabled ? values.captcha.trim() : undefined,
    };
    setSubmitting(true);
    try {
      await login(request);
      queryClient.removeQueries({ queryKey: authKeys.user });
      resetServerMessages(); // the school's own texts load with the user's session
      await onLoggedIn();
    } catch (error) {
      setServerError(error instanceof HttpError ? error.msg : t`登录失败`);
      if (captchaEnabled) {
        setValues((current) => ({ ...current, captcha: '' }));
        void captcha.refetch();
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      justify="center"
      px="4"
      py="8"
      bgGradient="to-br"
      gradientFrom="brand.700"
      gradientTo="brand.500"
    >
      {/* landmarks: the form is the page's main content, the footer its contentinfo (axe: every text in a landmark) */}
      <Box as="main" w="full" maxW="sm" bg="bg.panel" borderRadius="l3" boxShadow="xl" p={{ base: '5', sm: '8' }}>
        <HStack justify="space-between" align="start" mb="6">
          <HStack gap="3" minW="0">
            {config.logoUrl && <Image src={config.logoUrl} alt="" boxSize="10" borderRadius="md" />}
            <Heading as="h1" size="lg" lineClamp={2}>
              {configText(config.loginTitle)}
            </Heading>
          </HStack>
          <LanguageToggle />
        </HStack>

        {options.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>无法连接服务器</Trans>
              </Alert.Title>
            </Alert.Content>
            <Button size="xs" variant="outline" onClick={() => options.refetch()}>
              <Trans>重试</Trans>
            </Button>
          </Alert.Root>
        ) : null}

        {options.isPending ? (
          <Stack gap="4" aria-busy="true">
            <Skeleton h="10" />
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="4">
              {options.data?.tenant && (
                <Text color="fg.muted" fontSize="sm">
                  <Trans>学校：{options.data.tenant.name}</Trans>
                </Text>
              )}
              {askTenant && (
                <Field.Root invalid={Boolean(errors.tenant)} required>
                  <Field.Label>
                    <Trans>学校</Trans>
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="tenant"
                      value={values.tenant}
                      onChange={(event) => set('tenant')(event.currentTarget.value)}
                    >
                      <option value="">{t`请选择`}</option>
                      {options.data.tenants.map((tenant) => (
                        <option key={tenant.code} value={tenant.code}>
                          {tenant.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{errors.tenant}</Field.ErrorText>
                </Field.Root>
              )}

              <Field.Root invalid={Boolean(errors.username)} required>
                <Field.Label>
                  <Trans>用户名</Trans>
                </Field.Label>
                <Input
                  name="username"
                  autoComplete="username"
                  value={values.username}
                  onChange={(event) => set('username')(event.currentTarget.value)}
                  maxLength={50}
                />
                <Field.ErrorText>{errors.username}</Field.ErrorText>
              </Field.Root>

              <Field.Root invalid={Boolean(errors.password)} required>
                <Field.Label>
                  <Trans>密码</Trans>
                </Field.Label>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(event) => set('password')(event.currentTarget.value)}
                  maxLength={50}
                />
                <Field.ErrorText>{errors.password}</Field.ErrorText>
              </Field.Root>

              {captchaEnabled && (
                <Field.Root invalid={Boolean(errors.captcha)} required>
                  <Field.Label>
                    <Trans>验证码</Trans>
                  </Field.Label>
                  <HStack gap="2" w="full">
                    <Input
                      name="captcha"
                      autoComplete="off"
                      value={values.captcha}
                      onChange={(event) => set('captcha')(event.currentTarget.value)}
                      maxLength={10}
                      flex="1"
                    />
                    <Button
                      type="button"
                      variant="outline"
                      p="0"
                      h="10"
                      w="32"
                      overflow="hidden"
                      title={t`看不清？换一张`}
                      aria-label={t`换一张图片`}
                      onClick={() => captcha.refetch()}
                    >
                      {captcha.data ? (
                        <Image src={captcha.data.image} alt="" h="full" w="full" objectFit="contain" />
                      ) : (
                        <Skeleton h="full" w="full" />
                      )}
                    </Button>
                  </HStack>
                  <Field.ErrorText>{errors.captcha}</Field.ErrorText>
                </Field.Root>
              )}

              {serverError && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{serverError}</Alert.Title>
                </Alert.Root>
              )}

              <Button type="submit" colorPalette="brand" size="lg" w="full" loading={submitting}>
                <Trans>登录</Trans>
              </Button>
              <Link asChild fontSize="sm" color="fg.muted" alignSelf="end">
                <RouterLink to="/RePassword">
                  <Trans>忘记密码？</Trans>
                </RouterLink>
              </Link>
            </Stack>
          </form>
        )}
      </Box>
      {(config.loginFooter || config.recordNumber) && (
        <Stack as="footer" mt="6" gap="1" align="center" color="whiteAlpha.900" fontSize="xs" textAlign="center">
          {config.loginFooter && <Text>{config.loginFooter}</Text>}
          {config.recordNumber && (
            <Link href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer" color="whiteAlpha.900">
              {config.recordNumber}
            </Link>
          )}
        </Stack>
      )}
    </Flex>
  );
}
