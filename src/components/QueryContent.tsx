import { Skeleton, Stack, Text } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RequestError } from "./RequestError";

/**
 * A read's content in place: two skeleton lines while pending, RequestError when it failed, the
 * muted `empty` text for an empty list, else `children(data)`.
 */
export function QueryContent<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: ReactNode;
  children: (data: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="2">
        <Skeleton h="5" />
        <Skeleton h="5" />
      </Stack>
    );
  }
  if (query.isError) return <RequestError error={query.error} />;
  if (query.data.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return <>{children(query.data)}</>;
}
