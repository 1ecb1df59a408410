import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  DormAllocateRequest,
  DormAllocation,
  DormBoard,
  DormCheckOutRequest,
  DormMoveRequest,
  DormOverview,
  DormPlaceRequest,
  DormStayRow,
  DormStudent,
} from '../../../contracts/dorms';
import { downloadFile } from '../../lib/download';
import { post } from '../../lib/http';

/** 宿舍管理's calls besides the kit lists (contracts/dorms.ts; server/modules/dorms). */
export const DORMS_URLS = {
  overview: '/api/dorms/overview',
  board: '/api/dorms/board',
  waiting: '/api/dorms/waiting',
  place: '/api/dorms/place',
  move: '/api/dorms/move',
  checkOut: '/api/dorms/check-out',
  allocate: '/api/dorms/allocate',
  history: '/api/dorms/history',
  export: '/api/dorms/export',
} as const;

// who sleeps where changes under other administrators' hands: read again on every visit
export const dormOverviewQuery = queryOptions({
  queryKey: ['dorms', 'overview'] as const,
  queryFn: ({ signal }) => post<DormOverview>(DORMS_URLS.overview, {}, { signal }),
  staleTime: 0,
});

export const dormBoardQuery = (buildingId: string) =>
  queryOptions({
    queryKey: ['dorms', 'board', buildingId] as const,
    queryFn: ({ signal }) => post<DormBoard>(DORMS_URLS.board, { buildingId }, { signal }),
    staleTime: 0,
  });

export const dormWaitingQuery = (keyword: string, gender: string) =>
  queryOptions({
    queryKey: ['dorms', 'waiting', keyword, gender] as const,
    queryFn: async ({ signal }) => (await post<{ rows: DormStudent[] }>(DORMS_URLS.waiting, { keyword, gender }, { signal })).rows,
    meta: { persist: false },
  });

export const dormHistoryQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['dorms', 'history', studentId] as const,
    queryFn: async ({ signal }) => (await post<{ rows: DormStayRow[] }>(DORMS_URLS.history, { studentId, roomId: '' }, { signal })).rows,
    meta: { persist: false },
  });

export const placeInBed = (body: DormPlaceRequest) => post<null>(DORMS_URLS.place, body);
export const moveToBed = (body: DormMoveRequest) => post<null>(DORMS_URLS.move, body);
export const checkOut = (body: DormCheckOutRequest) => post<null>(DORMS_URLS.checkOut, body);
export const allocate = (body: DormAllocateRequest) => post<DormAllocation>(DORMS_URLS.allocate, body);
export const exportOccupancy = () => downloadFile(DORMS_URLS.export, { method: 'POST', body: {} });

/** After a change: the overview, the boards and the waiting boarders read again. */
export const refreshDorms = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['dorms'] });
