import { Box, Button, chakra, Input, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { debounce } from '../../lib/debounce';
import { HttpError, request, type HttpMethod } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useModalContainer } from './modal-container';

/** SPEC §9: the small-person picker's popover is 400 px wide. */
export const SMALL_PICKER_WIDTH = 400;

export interface PickedPerson {
  USERID: string;
  USERNAME: string;
}

export interface SmallPersonPickerProps {
  /** the caller's search URL; it answers a list of { USERID, USERNAME } */
  url: string;
  /** the search term's parameter name (default keyword) */
  searchParam?: string;
  method?: HttpMethod;
  /** the chosen USERID */
  value: string;
  /** the chosen person's name, to show before any search */
  label?: string;
  onChange: (userId: string, person: PickedPerson | null) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** A light one-person picker: type (debounced 500 ms, or Enter), pick from the list. */
export function SmallPersonPicker({ url, searchParam = 'keyword', method = 'POST', value, label, onChange, placeholder, disabled, id, ...rest }: SmallPersonPickerProps) {
  const [open, setOpen] = useState(false);
  // inside a modal drawer / dialog the panel lives in it (its focus trap keeps working)
  const trigger = useRef<HTMLButtonElement>(null);
  const overlayContainer = useModalContainer(trigger);
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [chosenName, setChosenName] = useState(label ?? '');
  useEffect(() => setChosenName(label ?? (value ? value : '')), [label, value]);
  const settle = useMemo(() => debounce((next: string) => setTerm(next.trim())), []);
  useEffect(() => () => settle.cancel(), [settle]);

  const results = useQuery({
    queryKey: ['small-person-picker', url, method, searchParam, term],
    queryFn: async ({ signal }) => {
      const data = await request<PickedPerson[] | { rows: PickedPerson[] }>(url, method === 'GET' ? { method, params: { [searchParam]: term }, signal } : { method, body: { [searchParam]: term }, signal });
      return Array.isArray(data) ? data : (data?.rows ?? []);
    },
    enabled: open,
  });
  useEffect(() => {
    if (results.error instanceof HttpError && results.error.kind === 'failure') notify.error(results.error.msg);
  }, [results.error]);

  const close = () => {
    setOpen(false);
    setText('');
    setTerm('');
    settle.cancel();
  };

  return (
    <Popover.Root open={open} onOpenChange={(details) => (details.open ? setOpen(true) : close())} positioning={{ placement: 'bottom-start', strategy: overlayContainer ? 'fixed' : 'absolute' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button ref={trigger} id={id} variant="outline" width="full" justifyContent="space-between" fontWeight="normal" disabled={disabled} aria-label={rest['aria-label']} aria-haspopup="dialog">
          <Text truncate color={value ? undefined : 'fg.subtle'}>
            {value ? chosenName : (placeholder ?? t`请选择`)}
          </Text>
          <span aria-hidden>▾</span>
        </Button>
      </Popover.Trigger>
      <Portal key={overlayContainer ? 'modal' : 'body'} container={overlayContainer}>
        <Popover.Positioner>
          <Popover.Content width={`${SMALL_PICKER_WIDTH}px`} maxW="calc(100vw - 16px)">
            <Popover.Body p="3">
              <Stack gap="2">
                <Input
                  size="sm"
                  type="search"
                  aria-label={t`搜索人员`}
                  placeholder={t`输入姓名或工号后按回车`}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    settle(event.target.value);
                  }}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    settle.cancel();
                    setTerm(text.trim());
                  }}
                />
                <Box maxH="60" overflowY="auto" role="listbox" aria-label={t`人员列表`}>
                  {results.isFetching && <Spinner size="sm" m="2" />}
                  {(results.data ?? []).map((person) => (
                    <chakra.button
                      key={person.USERID}
                      type="button"
                      role="option"
                      aria-selected={person.USERID === value}
                      display="flex"
                      width="full"
                      gap="2"
                      px="2"
                      minH="10"
                      alignItems="center"
                      textAlign="start"
                      _hover={{ bg: 'bg.muted' }}
                      onClick={() => {
                        setChosenName(person.USERNAME);
                        onChange(person.USERID, person);
                        close();
                      }}
                    >
                      <Text flex="1">{person.USERNAME}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {person.USERID}
                      </Text>
                    </chakra.button>
                  ))}
                  {results.data && results.data.length === 0 && (
                    <Text p="2" fontSize="sm" color="fg.muted">
                      <Trans>暂无数据</Trans>
                    </Text>
                  )}
                </Box>
                {value && (
                  <Button
                    size="xs"
                    variant="ghost"
                    alignSelf="flex-end"
                    onClick={() => {
                      onChange('', null);
                      close();
                    }}
                  >
                    <Trans>清空</Trans>
                  </Button>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
