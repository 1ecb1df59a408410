import {
  EXAMS_ADD_PERMISSION,
  EXAMS_DELETE_PERMISSION,
  EXAMS_EDIT_PERMISSION,
  EXAMS_PERMISSION,
  EXAMS_PUBLISH_PERMISSION,
  examBatchIdRequest,
  examBatchListRequest,
  examBatchPublishRequest,
  examBatchSaveRequest,
  SCORE_SYSTEMS_ADD_PERMISSION,
  SCORE_SYSTEMS_DELETE_PERMISSION,
  SCORE_SYSTEMS_EDIT_PERMISSION,
  SCORE_SYSTEMS_PERMISSION,
  scoreSystemIdRequest,
  scoreSystemListRequest,
  scoreSystemSaveRequest,
} from '../../../contracts/exams';
import { defineRoute } from '../../plugins/define-route';

const READ = { anyOf: [EXAMS_PERMISSION, SCORE_SYSTEMS_PERMISSION] } as const;

/** Exam batches (/jxgl/kspc) and score systems with grade bands (/jxgl/cjtx): contracts/exams.ts. */
export const examsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/exams/options',
    access: READ,
    summary: 'choices of the batch form: semesters (newest first), grades not graduated, subjects (STD_KM)',
    handler: ({ tx, services }) => services.exams.options(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/list',
    access: READ,
    summary: 'generic table A of exam batches (search: semesterId, default the current semester; name; published 1/0)',
    body: examBatchListRequest,
    handler: ({ tx, body, services }) => services.exams.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/save',
    access: { anyOf: [EXAMS_ADD_PERMISSION, EXAMS_EDIT_PERMISSION] },
    summary: 'adds (no id, kspc_add) or edits (id, kspc_edit) a batch: end not before start, a regular sort a multiple of 10, name unique in the semester',
    body: examBatchSaveRequest,
    handler: ({ tx, session, body, services }) => services.exams.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/delete',
    access: { anyOf: [EXAMS_DELETE_PERMISSION] },
    summary: 'deletes a batch; refused while it has scores or score systems',
    body: examBatchIdRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.exams.delete(tx, session, body);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/publish',
    access: { anyOf: [EXAMS_PERMISSION, EXAMS_PUBLISH_PERMISSION] },
    summary: 'publishes or unpublishes a batch (kspc_publish, else "please contact the administrator"); publishing tells its students and parents',
    body: examBatchPublishRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.exams.publish(tx, session, body);
      setMessage(data.published ? 'examBatchPublished' : 'examBatchUnpublished');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/score-systems/list',
    access: READ,
    summary: "a batch's score systems, each with its grade bands (highest first)",
    body: scoreSystemListRequest,
    handler: ({ tx, body, services }) => services.exams.systems(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/score-systems/save',
    access: { anyOf: [SCORE_SYSTEMS_ADD_PERMISSION, SCORE_SYSTEMS_EDIT_PERMISSION] },
    summary: 'adds (cjtx_add) or edits (cjtx_edit) a score system with its bands (SPEC §5 score rules; one system per grade and subject of a batch)',
    body: scoreSystemSaveRequest,
    handler: ({ tx, session, body, services }) => services.exams.saveSystem(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/score-systems/delete',
    access: { anyOf: [SCORE_SYSTEMS_DELETE_PERMISSION] },
    summary: 'deletes a score system; refused while it has grade bands',
    body: scoreSystemIdRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.exams.deleteSystem(tx, session, body);
      return null;
    },
  }),
];
