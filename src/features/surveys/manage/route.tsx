import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import {
  bankSearchParams,
  surveyEditSearchParams,
  surveyListSearchParams,
  surveyPreviewSearchParams,
  type BankSearchParams,
  type SurveyEditSearchParams,
  type SurveyListSearchParams,
  type SurveyPreviewSearchParams,
} from './search';

/**
 * The questionnaire managing routes' options (H3): validated search and loaders that lazy-import
 * manage-api (it stays out of the entry chunk) and ensure what the screen reads first. Screens load
 * lazily. Route files spread these and render the lazy screen.
 */
let api: typeof import('../manage-api') | undefined;
const loadApi = async () => (api ??= await import('../manage-api'));
type Context = { context: { queryClient: QueryClient } };

export const surveyListRouteOptions = {
  validateSearch: surveyListSearchParams,
  loaderDeps: ({ search }: { search: SurveyListSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: SurveyListSearchParams }) => (await loadApi()).loadSurveyList(context.queryClient, deps),
};

export const surveyEditRouteOptions = {
  validateSearch: surveyEditSearchParams,
  loaderDeps: ({ search }: { search: SurveyEditSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: SurveyEditSearchParams }) => (await loadApi()).loadSurvey(context.queryClient, deps.id),
};

export const surveyPreviewRouteOptions = {
  validateSearch: surveyPreviewSearchParams,
  loaderDeps: ({ search }: { search: SurveyPreviewSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: SurveyPreviewSearchParams }) => (deps.draft ? undefined : (await loadApi()).loadSurvey(context.queryClient, deps.id)),
};

export const bankRouteOptions = {
  validateSearch: bankSearchParams,
  loaderDeps: ({ search }: { search: BankSearchParams }) => search,
  loader: async ({ context, deps }: Context & { deps: BankSearchParams }) => (await loadApi()).loadBank(context.queryClient, deps),
};

export const SurveysScreenLazy = lazy(async () => ({ default: (await import('./SurveysScreen')).SurveysScreen }));
export const SurveyEditorLazy = lazy(async () => ({ default: (await import('../builder/SurveyEditor')).SurveyEditor }));
export const SurveyPreviewLazy = lazy(async () => ({ default: (await import('../preview/SurveyPreview')).SurveyPreview }));
export const BankScreenLazy = lazy(async () => ({ default: (await import('../bank/BankScreen')).BankScreen }));
