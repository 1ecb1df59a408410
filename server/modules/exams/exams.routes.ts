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
import { addOrEdit, changes, defineRoute, reads } from '../../plugins/define-route';

const READ = { anyOf: [EXAMS_PERMISSION, SCORE_SYSTEMS_PERMISSION] } as const;

/** Exam batches (/jxgl/kspc) and score systems with grade bands (/jxgl/cjtx): contracts/exams.ts. */
export const examsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/exams/options',
    operation: reads('考试批次选项', 'Exam batch choices'),
    access: READ,
    summary: 'choices of the batch form: semesters (newest first), grades not graduated, subjects (STD_KM)',
    handler: ({ tx, services }) => services.exams.options(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/list',
    operation: reads('查询考试批次', 'Search exam batches'),
    access: READ,
    summary: 'generic table A of exam batches (search: semesterId, default the current semester; name; published 1/0)',
    body: examBatchListRequest,
    handler: ({ tx, body, services }) => services.exams.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/save',
    operation: { ...changes('保存考试批次', 'Save an exam batch'), variants: addOrEdit('考试批次', 'exam batch') },
    access: { anyOf: [EXAMS_ADD_PERMISSION, EXAMS_EDIT_PERMISSION] },
    summary: 'adds (no id, kspc_add) or edits (id, kspc_edit) a batch: end not before start, a regular sort a multiple of 10, name unique in the semester',
    body: examBatchSaveRequest,
    handler: ({ tx, session, body, services }) => services.exams.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/exams/delete',
    operation: changes('删除考试批次', 'Delete an exam batch'),
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
    operation: { ...changes('发布或取消发布考试批次', 'Publish or unpublish an exam batch'), variants: { on: { zh: '发布考试批次', en: 'Publish an exam batch' }, off: { zh: '取消发布考试批次', en: 'Unpublish an exam batch' } } },
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
    operation: reads('查询成绩体系', 'Score systems'),
    access: READ,
    summary: "a batch's score systems, each with its grade bands (highest first)",
    body: scoreSystemListRequest,
    handler: ({ tx, body, services }) => services.exams.systems(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/score-systems/save',
    operation: { ...changes('保存成绩体系', 'Save a score system'), variants: addOrEdit('成绩体系', 'score system') },
    access: { anyOf: [SCORE_SYSTEMS_ADD_PERMISSION, SCORE_SYSTEMS_EDIT_PERMISSION] },
    summary: 'adds (cjtx_add) or edits (cjtx_edit) a score system with its bands (SPEC §5 score rules; one system per grade and subject of a batch)',
    body: scoreSystemSaveRequest,
    handler: ({ tx, session, body, services }) => services.exams.saveSystem(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/score-systems/delete',
    operation: changes('删除成绩体系', 'Delete a score system'),
    access: { anyOf: [SCORE_SYSTEMS_DELETE_PERMISSION] },
    summary: 'deletes a score system; refused while it has grade bands',
    body: scoreSystemIdRequest,
    handler: async ({ tx, session, body, services }) => {
      await services.exams.deleteSystem(tx, session, body);
      return null;
    },
  }),
];
