import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, useSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { answerSearchParams, type AnswerSearchParams } from './search';
import { useAnswerSearchChange } from './route';

const ID = '99999999-9999-4999-8999-999999999999';

/** The route's history handling with a stand-in screen: a row's 打开 and the view's 返回列表. */
function Stand() {
  const search = useSearch({ strict: false }) as AnswerSearchParams;
  const change = useAnswerSearchChange(search);
  return search.id ? (
    <button onClick={() => change({ page: search.page })}>返回列表</button>
  ) : (
    <button onClick={() => change({ ...search, id: ID })}>打开</button>
  );
}

function renderAt(url: string) {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: '/survey/wjdt', validateSearch: answerSearchParams, component: Stand });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]), history });
  render(<RouterProvider router={router as never} />);
  return { router, history };
}

describe('问卷填报 history', () => {
  it('a questionnaire opened from the list is one history entry; closing it goes back (no second list entry)', async () => {
    const { router, history } = renderAt('/survey/wjdt?page=2');
    fireEvent.click(await screen.findByText('打开'));
    await screen.findByText('返回列表');
    expect(router.state.location.search).toEqual({ page: 2, id: ID });
    expect(history.length).toBe(2);
    await act(async () => fireEvent.click(screen.getByText('返回列表')));
    await screen.findByText('打开');
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(history.canGoBack()).toBe(false);
  });

  it('a questionnaire opened by a link (a message) is replaced by the list on closing', async () => {
    const { router, history } = renderAt(`/survey/wjdt?id=${ID}`);
    await act(async () => fireEvent.click(await screen.findByText('返回列表')));
    await screen.findByText('打开');
    expect(router.state.location.search).toEqual({});
    expect(history.length).toBe(1);
  });
});
