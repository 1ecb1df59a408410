/**
 * The server's own message catalogue: every `msg` the API sends, in zh (default) and en.
 * Placeholders are `{name}`; `translate` fills them.
 */
export type Lang = 'zh' | 'en';

interface Message {
  zh: string;
  en: string;
}

export const messages = {
  ok: { zh: '操作成功', en: 'Success' },
  loginSucceeded: { zh: '登录成功', en: 'Logged in' },
  loggedOut: { zh: '已退出登录', en: 'Logged out' },
  passwordChanged: { zh: '密码修改成功', en: 'Password changed' },
  rolesRefreshed: { zh: '权限已刷新', en: 'Permissions refreshed' },

  loggedInElsewhere: { zh: '您的账号已在其他地方登录，请重新登录', en: 'Your account logged in elsewhere, please log in again' },
  notLoggedIn: { zh: '登录已过期，请重新登录', en: 'Your login has expired, please log in again' },
  forbidden: { zh: '没有权限，请联系管理员', en: 'No permission, please contact the administrator' },
  apiNotFound: { zh: '接口不存在：{method} {url}', en: 'No such call: {method} {url}' },
  fault: { zh: '服务器内部错误，请稍后重试', en: 'Internal server error, please try again later' },
  requestMalformed: { zh: '请求格式错误：{detail}', en: 'Malformed request: {detail}' },
  bodyTooLarge: { zh: '请求内容过大', en: 'The request body is too large' },
  unsupportedMediaType: { zh: '不支持的请求内容类型：{type}', en: 'Unsupported content type: {type}' },
  missingSignature: { zh: '请求未加密或缺少签名', en: 'The request is not encrypted or lacks its signature' },
  badSignature: { zh: '请求签名无效', en: 'The request signature is not valid' },
  signatureUserMismatch: { zh: '请求签名中的用户与当前登录用户不一致', en: 'The request is signed for another user than the one logged in' },
  staleTimestamp: { zh: '请求已过期，请检查设备时间', en: 'The request has expired, please check the device clock' },
  replayedRequest: { zh: '重复的请求已拒绝', en: 'A repeated request was refused' },

  fieldRequired: { zh: '{field}不能为空', en: '{field} is required' },
  fieldTooShort: { zh: '{field}长度不能少于{min}个字符', en: '{field} must be at least {min} characters' },
  fieldTooLong: { zh: '{field}长度不能超过{max}个字符', en: '{field} must be at most {max} characters' },
  fieldTooSmall: { zh: '{field}不能小于{min}', en: '{field} must be at least {min}' },
  fieldTooBig: { zh: '{field}不能大于{max}', en: '{field} must be at most {max}' },
  fieldTooFewItems: { zh: '{field}至少需要{min}项', en: '{field} needs at least {min} items' },
  fieldTooManyItems: { zh: '{field}最多{max}项', en: '{field} allows at most {max} items' },
  fieldWrongType: { zh: '{field}类型不正确，应为{expected}', en: '{field} has the wrong type, expected {expected}' },
  fieldInvalid: { zh: '{field}格式不正确', en: '{field} is not valid' },
  fieldNotOneOf: { zh: '{field}取值无效，可选值：{values}', en: '{field} must be one of: {values}' },
  unknownFields: { zh: '不支持的字段：{fields}', en: 'Unknown fields: {fields}' },
  requestBody: { zh: '请求内容', en: 'The request body' },

  badCredentials: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  captchaRequired: { zh: '请输入验证码', en: 'Please enter the captcha' },
  captchaWrong: { zh: '验证码错误或已过期，请重新输入', en: 'Wrong or expired captcha, please try again' },
  accountDisabled: { zh: '账号已停用，请联系管理员', en: 'This account is disabled, please contact the administrator' },
  tooManyFailures: {
    zh: '失败次数过多，请{minutes}分钟后再试',
    en: 'Too many failed attempts, please try again in {minutes} minute(s)',
  },
  accountLocked: {
    zh: '账号已锁定，请{minutes}分钟后再试',
    en: 'This account is locked, please try again in {minutes} minute(s)',
  },
  publishForbidden: { zh: '没有发布权限，请联系管理员', en: 'You may not publish this, please contact the administrator' },
  tenantRequired: { zh: '请选择学校', en: 'Please choose your school' },
  tenantUnknown: { zh: '学校不存在或已停用：{code}', en: 'No such school, or it is disabled: {code}' },
  userNotFound: { zh: '用户不存在', en: 'No such user' },

  passwordUndecryptable: {
    zh: '{field}无法解密，请刷新页面后重试',
    en: '{field} could not be decrypted, please reload the page and try again',
  },
  oldPasswordWrong: { zh: '原密码不正确', en: 'The old password is wrong' },
  newPasswordSameAsOld: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  passwordTooLong: { zh: '密码长度不能超过{max}位', en: 'The password must be at most {max} characters' },
  defaultPasswordRule: { zh: '密码长度8-50位，须包含字母和数字', en: '8-50 characters, with both letters and digits' },

  messageNotFound: { zh: '消息不存在或无权查看', en: 'No such message, or it is not addressed to you' },
  messageInvalid: {
    zh: '消息内容无效：标题不能为空且不超过200个字符，至少一个接收人',
    en: 'Invalid message: a title of at most 200 characters and at least one recipient are required',
  },
  // files (contracts/files.ts UPLOAD_MESSAGES holds the same texts for the client)
  uploadEmpty: { zh: '上传文件大小不能为0', en: 'The file size cannot be 0' },
  uploadWrongType: { zh: '只能上传{types}类型的文件', en: 'Only files of type {types} can be uploaded' },
  uploadTooLarge: { zh: '上传文件大小不能超过{maxSize}KB', en: 'The file size cannot exceed {maxSize}KB' },
  uploadContentMismatch: { zh: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  uploadNoFile: { zh: '请选择要上传的文件(file)', en: 'Please choose a file to upload (field file)' },
  uploadNotMultipart: { zh: '上传须使用 multipart/form-data', en: 'Uploads must be sent as multipart/form-data' },
  uploadTooManyFiles: { zh: '每次最多上传{limit}个文件', en: 'At most {limit} files per upload' },
  uploadSucceeded: { zh: '上传成功', en: 'Uploaded' },
  fileNotFound: { zh: '文件不存在或已删除', en: 'No such file, or it was deleted' },
  fileRemoveForbidden: { zh: '只能删除自己上传的文件', en: 'You can only delete files you uploaded' },
  fileRemoved: { zh: '删除成功', en: 'Deleted' },
  areaNotFound: { zh: '行政区划不存在：{code}', en: 'No such area: {code}' },

  // school years and semesters (modules/calendar; the rule keys are contracts/calendar.ts CalendarProblem)
  calendarCodeRequired: { zh: '代码不能为空', en: 'The code is required' },
  calendarCodeTooLong: { zh: '代码长度不能超过{max}个字符', en: 'The code must be at most {max} characters' },
  calendarCodeInvalid: { zh: '代码只能包含字母、数字、下划线和短横线', en: 'The code may hold letters, digits, underscores and hyphens only' },
  calendarNameRequired: { zh: '名称不能为空', en: 'The name is required' },
  calendarNameTooLong: { zh: '名称长度不能超过{max}个字符', en: 'The name must be at most {max} characters' },
  calendarDateInvalid: { zh: '请选择有效的日期', en: 'Please choose a valid date' },
  calendarStartBeforeEnd: { zh: '开始时间应早于结束时间', en: 'Start time should be earlier than end time' },
  calendarYearRange: { zh: '学年须为大于{above}且小于{below}的整数', en: 'The year must be an integer above {above} and below {below}' },
  calendarTeachOutsideWork: { zh: '教学起止日期须在工作起止日期范围内', en: 'The teaching dates must lie within the working dates' },
  calendarWeeksPositive: { zh: '周数须为正整数', en: 'The number of weeks must be a positive integer' },
  calendarWeeksRange: { zh: '周数不能超过工作日期范围的周数（{max}周）', en: 'The number of weeks cannot exceed the weeks of the working dates ({max})' },
  calendarYearNotSet: { zh: '未选择学年，或所选学年已不存在', en: 'No school year selected, or the selected school year no longer exists' },
  calendarYearCodeTaken: { zh: '学年代码“{code}”已存在', en: 'The school year code "{code}" is already in use' },
  calendarYearHasSemesters: { zh: '学年“{name}”下还有学期，请先删除其学期', en: 'The school year "{name}" still has semesters; delete them first' },
  calendarYearExcludesSemester: {
    zh: '学期“{name}”不在修改后的学年日期范围内',
    en: 'The semester "{name}" would lie outside the changed school year dates',
  },
  calendarSemesterNotSet: { zh: '所选学期未设置：未选择学期，或所选学期已不存在', en: 'The selected semester is not set: none selected, or it no longer exists' },
  calendarSemesterCodeTaken: { zh: '学期代码“{code}”已存在', en: 'The semester code "{code}" is already in use' },
  calendarSemesterOutsideYear: {
    zh: '学期的工作起止日期须在学年“{year}”（{start}至{end}）范围内',
    en: 'The working dates must lie within the school year "{year}" ({start} to {end})',
  },
  calendarSemesterOverlap: { zh: '与同一学年的学期“{name}”日期重叠', en: 'The dates overlap the semester "{name}" of the same school year' },
  calendarDeleteContainsCurrent: { zh: '所选学期包含当前学期，不能删除', en: 'The selected semesters contain the current semester and cannot be deleted' },
  // SPEC §8 'semester has teaching classes and cannot be deleted' (its exam batches or attendance rolls)
  calendarSemesterInUse: { zh: '学期“{name}”已有教学班，不能删除', en: 'The semester "{name}" has teaching classes and cannot be deleted' },
  calendarYearStale: { zh: '该学年已被他人修改，请刷新后重试', en: 'The school year was changed by someone else; refresh and try again' },
  calendarSemesterStale: { zh: '该学期已被他人修改，请刷新后重试', en: 'The semester was changed by someone else; refresh and try again' },
  calendarChooseLaterSemester: { zh: '请选择比当前学期（{name}）更晚的学期', en: 'Please choose a semester later than the current one ({name})' },
  calendarSaved: { zh: '保存成功', en: 'Saved' },
  calendarDeleted: { zh: '删除成功', en: 'Deleted' },
  calendarCurrentSet: { zh: '已设为当前学期', en: 'The current semester is set' },
  calendarCurrentSetUpgraded: { zh: '已设为当前学期，各年级已升级', en: 'The current semester is set and every grade moved up' },

  // replayable writes (plugins/idempotency.ts)
  idempotencyKeyInvalid: { zh: '请求头{header}格式不正确，应为UUID', en: 'The {header} header must be a UUID' },
  idempotencyMismatch: {
    zh: '该操作编号({header})已用于另一个不同的请求，本次请求未执行',
    en: 'This operation id ({header}) was already used for a different request; nothing was applied',
  },
  outboxUnknownCall: { zh: '该操作不能通过离线队列发送：{url}', en: 'This operation cannot be sent from the offline queue: {url}' },
  // student attendance (modules/attendance)
  attendanceFutureDate: { zh: '不能为将来的日期点名', en: 'Attendance cannot be taken for a future date' },
  attendanceNotYourClass: { zh: '您不是该班级的班主任或任课教师', en: 'You are not the head or a subject teacher of this class' },
  attendanceNotYourStudent: { zh: '该学生不在您任教的班级', en: 'This student is not in a class you teach' },
  attendanceOutsideSemester: { zh: '所选日期不在学期内', en: 'The selected date is not within a semester' },
  attendanceClassNotFound: { zh: '班级不存在', en: 'No such class' },
  attendanceStudentNotFound: { zh: '学生不存在', en: 'No such student' },
  attendanceStatusInvalid: {
    zh: '考勤状态(entries.{index}.status)无效：{code}',
    en: 'Attendance status (entries.{index}.status) is not valid: {code}',
  },
  attendanceStudentNotInClass: {
    zh: '学生(entries.{index}.studentId)不在该班级',
    en: 'The student (entries.{index}.studentId) is not in this class',
  },
  attendanceStudentDuplicate: {
    zh: '学生(entries.{index}.studentId)重复提交',
    en: 'The student (entries.{index}.studentId) appears more than once',
  },
  attendanceConflict: {
    zh: '该班级当天的考勤已被他人修改，请核对后重新提交',
    en: 'This roll was changed by someone else meanwhile; please review it and submit again',
  },
  attendanceRangeInvalid: { zh: '开始时间应早于结束时间', en: 'The start date must not be after the end date' },
  attendanceRangeTooLong: { zh: '查询的日期范围不能超过{max}天', en: 'The date range cannot exceed {max} days' },
  attendanceClassOrStudentRequired: {
    zh: '请选择班级(search.classId)或学生(search.studentId)',
    en: 'Choose a class (search.classId) or a student (search.studentId)',
  },
  attendanceExportTooLarge: { zh: '导出数据超过{max}行，请缩小日期范围', en: 'More than {max} rows to export; please narrow the date range' },
  attendanceSubmitted: { zh: '考勤已提交', en: 'Attendance submitted' },

  // exam batches and score systems (modules/exams)
  examBatchNotFound: { zh: '考试批次不存在', en: 'No such exam batch' },
  examSemesterNotFound: { zh: '所选学期不存在', en: 'The selected semester does not exist' },
  examGradeInvalid: { zh: '所选年级不存在或已毕业', en: 'A selected grade does not exist or has graduated' },
  examSubjectInvalid: { zh: '所选科目不在科目字典中：{codes}', en: 'Not subjects of this school: {codes}' },
  examEndBeforeStart: { zh: '结束时间不能早于开始时间', en: 'The exam cannot end before it starts' },
  examSortNotMultipleOf10: { zh: '常规考试的排序必须是{step}的倍数', en: 'The sort of a regular session must be a multiple of {step}' },
  examBatchNameTaken: { zh: '本学期已有名为“{name}”的考试批次', en: 'This semester already has an exam batch named "{name}"' },
  examBatchHasScores: { zh: '该考试批次已录入成绩，不能删除', en: 'Scores have been entered for this exam batch; it cannot be deleted' },
  examBatchHasSystems: { zh: '该考试批次下有成绩体系，请先删除成绩体系', en: 'This exam batch has score systems; delete them first' },
  examBatchStale: { zh: '该考试批次已被他人修改，请刷新后重试', en: 'Someone else changed this exam batch; reload and try again' },
  examBatchScopeInUse: {
    zh: '成绩体系“{name}”用到了要移除的年级或科目，请先修改该成绩体系',
    en: 'Score system "{name}" uses a grade or subject being removed; change it first',
  },
  examBatchPublished: { zh: '发布成功，已通知学生和家长', en: 'Published; students and parents were notified' },
  examBatchUnpublished: { zh: '已取消发布', en: 'Unpublished' },
  examScoresPublishedTitle: { zh: '成绩发布：{name}', en: 'Scores released: {name}' },
  /** the publish notification's body: {name} and {dates} come HTML-escaped */
  examScoresPublishedBody: {
    zh: '{name}（{dates}）的成绩已发布，请到“我的成绩”查看。',
    en: 'The scores of {name} ({dates}) have been released; see "My scores".',
  },
  examBatchPublishedLocked: {
    zh: '考试批次已发布，不能修改；请先取消发布',
    en: 'The exam batch is published and cannot be changed; unpublish it first',
  },
  examBatchGradeHasScores: {
    zh: '{name}已有本考试批次的成绩，不能从批次中移除该年级',
    en: 'Scores of {name} have been entered for this exam batch; the grade cannot be removed from it',
  },
  examBatchSubjectHasScores: {
    zh: '{name}已有本考试批次的成绩，不能从批次中移除该科目',
    en: 'Scores of {name} have been entered for this exam batch; the subject cannot be removed from it',
  },
  examBatchSemesterHasScores: {
    zh: '该考试批次已录入成绩，不能更改学期',
    en: 'Scores have been entered for this exam batch; its semester cannot be changed',
  },
  scoreSystemFullMarkBelowScores: {
    zh: '已录入的成绩最高为{max}分，满分不能低于{max}',
    en: 'A score of {max} has already been entered; the full mark cannot be below {max}',
  },
  scoreSystemNotFound: { zh: '成绩体系不存在', en: 'No such score system' },
  scoreSystemNameTaken: { zh: '该考试批次已有名为“{name}”的成绩体系', en: 'This exam batch already has a score system named "{name}"' },
  scoreSystemHasBands: {
    zh: '该成绩体系下有等级，不能删除，请先删除其等级',
    en: 'This score system has grade bands and cannot be deleted; delete its bands first',
  },
  scoreSystemStale: { zh: '该成绩体系已被他人修改，请刷新后重试', en: 'Someone else changed this score system; reload and try again' },
  scoreSystemGradeNotInBatch: { zh: '所选年级不在该考试批次中', en: 'A selected grade is not in this exam batch' },
  scoreSystemSubjectNotInBatch: { zh: '所选科目不在该考试批次中', en: 'A selected subject is not in this exam batch' },
  scoreSystemCoverageOverlap: {
    zh: '{grade}{subject}已由成绩体系“{name}”覆盖，每个年级的每个科目只能有一个成绩体系',
    en: '{grade} {subject} is already covered by score system "{name}"; a grade\'s subject can have only one score system',
  },
  scoreSystemFullMarkRange: { zh: '满分必须是0-{max}之间的整数', en: 'The full mark must be a whole number from 0 to {max}' },
  scoreSystemLineRange: { zh: '优秀线和及格线必须在0到满分{max}之间', en: 'The excellent and pass lines must be between 0 and the full mark ({max})' },
  scoreSystemExcellentBelowPass: { zh: '优秀线不能低于及格线', en: 'The excellent line must not be below the pass line' },
  scoreBandBoundary: { zh: '第{row}个等级：分数必须是0-{max}之间的整数', en: 'Band {row}: scores must be whole numbers from 0 to {max}' },
  scoreBandAboveFullMark: { zh: '第{row}个等级：分数不能高于满分{fullMark}', en: 'Band {row}: scores cannot be above the full mark ({fullMark})' },
  scoreBandMinAboveMax: { zh: '第{row}个等级：最低分不能高于最高分', en: 'Band {row}: the minimum must not be above the maximum' },
  scoreBandConversionOutside: {
    zh: '第{row}个等级：换算分必须在最低分{min}和最高分{max}之间',
    en: 'Band {row}: the conversion score must be between the minimum ({min}) and the maximum ({max})',
  },
  scoreBandNameDuplicate: { zh: '第{row}个等级：等级名称“{name}”重复', en: 'Band {row}: the band name "{name}" is used twice' },
  scoreBandsOverlap: { zh: '第{row}个等级：分数段与等级“{other}”重叠', en: 'Band {row}: its range overlaps band "{other}"' },
  /** for score entry: no score system covers the class's grade and the subject */
  scoreGradeNoScale: { zh: '该年级未设置分制', en: 'This grade has no score scale' },

  // score entry (modules/scores)
  scoresBatchNotFound: { zh: '考试批次不存在', en: 'No such exam batch' },
  scoresClassNotFound: { zh: '班级不存在', en: 'No such class' },
  scoresClassNotInBatch: { zh: '该班级所在年级不参加此考试批次', en: "This class's grade does not sit this exam batch" },
  scoresSubjectNotInBatch: { zh: '该考试批次不包含此科目', en: 'This subject is not part of the exam batch' },
  scoresNotYourSheet: { zh: '您不是该班级此科目的任课教师或班主任', en: 'You do not teach this subject in this class' },
  scoresBatchPublished: {
    zh: '该考试批次的成绩已发布，不能再修改',
    en: 'The scores of this exam batch are published and can no longer be changed',
  },
  scoresNotYourSubject: {
    zh: '您不是该班级此科目的任课教师，只能查看成绩',
    en: 'You do not teach this subject in this class; you can only view its scores',
  },
  scoresSubmittedNoClear: {
    zh: '已提交的成绩不能清空，可标记缺考或免考',
    en: 'A submitted score cannot be cleared; mark the student absent or exempt instead',
  },
  scoresImportConflict: {
    zh: '导入期间有成绩被他人修改，未导入任何成绩，请重新下载模板后导入',
    en: 'Someone else changed scores during the import; nothing was imported. Please download the template again and import it',
  },
  scoresStudentNotInClass: { zh: '该学生不在此班级', en: 'This student is not in this class' },
  scoresOutOfRange: { zh: '成绩应在0到{fullMark}之间', en: 'The score must be between 0 and {fullMark}' },
  scoresTooManyDecimals: { zh: '成绩最多保留两位小数', en: 'A score has at most two decimals' },
  scoresMarkedWithScore: { zh: '缺考或免考的学生不能填写成绩', en: 'An absent or exempt student has no score' },
  scoresConflict: {
    zh: '该成绩已被他人修改，请核对后重新保存',
    en: 'This score was changed by someone else meanwhile; please review it and save again',
  },
  scoresIncomplete: {
    zh: '班级学生未登记或成绩不完整，不能提交成绩',
    en: 'Class students are unregistered or scores are incomplete, so the scores cannot be submitted',
  },
  scoresSubmitted: { zh: '成绩已提交', en: 'Scores submitted' },
  scoresNotYourChild: { zh: '只能查看本人或自己孩子的成绩', en: "You can only see your own or your child's scores" },
  scoresImportTemplateRequired: { zh: '请使用成绩导入模板导入', en: 'Please use the score import template' },
  scoresImportTemplateMismatch: {
    zh: '导入模板与所选的考试批次、班级或科目不符，请重新下载模板',
    en: 'The template belongs to another exam batch, class or subject; please download the template again',
  },
  scoresImportEmpty: { zh: '文件大小不能为0', en: 'The file size cannot be 0' },
  scoresImportInvalid: {
    zh: '导入失败：{count}行数据有误，未导入任何成绩',
    en: 'Import failed: {count} row(s) are invalid; nothing was imported',
  },
  scoresImported: { zh: '导入成功', en: 'Imported' },
  scoresRowStudentNoMissing: { zh: '学号不能为空', en: 'The student number is required' },
  scoresRowStudentUnknown: { zh: '学号不在本班', en: 'The student number is not in this class' },
  scoresRowStudentDuplicate: { zh: '学号重复', en: 'This student number appears more than once' },
  scoresRowScoreInvalid: {
    zh: '成绩须为0到{fullMark}之间最多两位小数的数字，或填写缺考、免考',
    en: 'The score must be a number from 0 to {fullMark} with at most two decimals, or 缺考 (absent) or 免考 (exempt)',
  },
  scoresExportNothing: { zh: '没有可导出的成绩表', en: 'There is no score sheet to export' },

  // applications and audits (modules/applications); SPEC §4, §5, §8
  applicationsNotFound: { zh: '申请不存在或已被删除', en: 'The application does not exist or has been deleted' },
  applicationsCannotAuditSelf: { zh: '不能审核自己的申请', en: 'You cannot audit your own application' },
  applicationsNotSameAuditState: { zh: '所选申请不是同一审核状态，不能批量审核', en: 'The selected applications are not in the same audit state' },
  applicationsRecordExpired: { zh: '该记录已过期，仅可查看', en: 'This record has expired and is view-only' },
  applicationsPeriodBlocked: {
    zh: '所选时间段包含不可选时段：{name}（{range}）',
    en: 'The selected time range contains a non-selectable period: {name} ({range})',
  },
  applicationsStartBeforeEnd: { zh: '开始时间应早于结束时间', en: 'The start time must be earlier than the end time' },
  applicationsTimeRequired: { zh: '请选择开始时间和结束时间', en: 'Choose the start and end time' },
  applicationsCancelOutsideLeave: {
    zh: '销假时间应在原请假时间（{range}）之内',
    en: 'The return time must be inside the original leave ({range})',
  },
  applicationsOverlapping: { zh: '该时间段已有请假或申请（{range}）', en: 'There is already an application for this time ({range})' },
  applicationsNotYourTurn: { zh: '该申请当前不由您审核', en: 'This application is not waiting for your audit' },
  applicationsNotPending: { zh: '该申请已{state}，不能再审核', en: 'This application is already {state} and cannot be audited' },
  applicationsChangedMeanwhile: { zh: '该申请已被他人处理，请刷新后查看', en: 'Someone else has dealt with this application; refresh to see it' },
  applicationsNotApplicant: { zh: '只有申请人可以进行此操作', en: 'Only the applicant can do this' },
  applicationsNotDraft: { zh: '已提交的申请不能修改，请先撤回', en: 'A submitted application cannot be changed; withdraw it first' },
  applicationsNotWithdrawable: { zh: '只有待审核且尚未审核的申请可以撤回', en: 'Only an application nobody has audited yet can be withdrawn' },
  applicationsNotCancellable: { zh: '只有已通过且未销假的请假可以销假', en: 'Only approved leave that has not been cancelled can be cancelled' },
  applicationsNotYourStudent: { zh: '只能为本人或自己的孩子申请', en: 'You can apply only for yourself or your own children' },
  applicationsNoPermission: { zh: '没有该申请的权限，请联系管理员', en: 'You have no permission for this application; contact the administrator' },
  applicationsProofNotReady: { zh: '证明在审核通过后才能打印', en: 'The proof can be printed once the application is approved' },
  applicationsFlowDuplicate: { zh: '同一类型、请假类型和天数的审核流程已存在', en: 'An audit flow for this kind, leave type and length already exists' },
  applicationsMessageSubmitted: { zh: '{applicant}的{kind}已提交，等待{step}审核', en: "{applicant}'s {kind} has been submitted and awaits the {step}" },
  applicationsMessageToAudit: { zh: '{applicant}的{kind}（{range}）等待您审核', en: "{applicant}'s {kind} ({range}) is waiting for your audit" },
  applicationsMessagePassed: { zh: '{applicant}的{kind}已通过{step}审核', en: "{applicant}'s {kind} has passed the {step}'s audit" },
  applicationsMessageApproved: { zh: '{applicant}的{kind}已审核通过', en: "{applicant}'s {kind} has been approved" },
  applicationsMessageRejected: { zh: '{applicant}的{kind}未通过审核：{opinion}', en: "{applicant}'s {kind} was rejected: {opinion}" },
  applicationsMessageCancelled: { zh: '{applicant}的{kind}已销假（返回时间 {at}）', en: "{applicant}'s {kind} was cancelled (back at {at})" },
  // proofs, the seal and the staff monthly summary (applications/proofs.*, staff-summary.*)
  applicationsNotAProof: { zh: '该申请不是证明类申请，没有可打印的证明', en: 'This application is not a proof and has nothing to print' },
  applicationsSealNotFound: { zh: '印章图片不存在，请重新上传', en: 'The seal picture does not exist; upload it again' },
  applicationsSealNotImage: { zh: '印章须为PNG或JPG格式的图片', en: 'The seal must be a PNG or JPG picture' },
  applicationsSealNoSchool: { zh: '未找到学校信息，请先设置学校基本信息', en: "The school's details are missing; set them up first" },
  applicationsSummaryForbidden: {
    zh: '只有考勤导出权限人员或部门负责人可以查看考勤汇总',
    en: 'Only holders of the attendance export permission or department heads can see the attendance summary',
  },
  applicationsSummaryOtherDepartment: { zh: '只能查看本部门的考勤汇总', en: "You can see only your own department's attendance summary" },
  // applications server core (issue 8, H1)
  applicationsMessageTitle: { zh: '审批通知：{applicant}的{kind}', en: "Approval: {applicant}'s {kind}" },
  applicationsNotYourClass: { zh: '只能为自己任教的班级申请补课', en: 'You can apply for a make-up lesson only in a class you teach' },
  applicationsAttachmentNotYours: { zh: '附件须为您本人上传的图片', en: 'Attachments must be pictures you uploaded yourself' },
  applicationsAttachmentTooLarge: { zh: '证明图片不能超过{size}MB', en: 'A certificate picture may be at most {size} MB' },
  applicationsLeaveTypeUnknown: { zh: '请选择有效的请假类型', en: 'Choose a valid leave type' },
  applicationsBatchNotPublished: { zh: '只能选择已发布成绩的考试', en: 'Choose exams whose scores have been released' },
  applicationsCounterpartInvalid: { zh: '请选择另一位教职工作为调班对象', en: 'Choose another staff member to swap the duty with' },
  applicationsBatchItemFailed: { zh: '{applicant}：{message}', en: '{applicant}: {message}' },
  applicationsFlowRoleUnknown: { zh: '审核角色不存在：{role}', en: 'The audit role does not exist: {role}' },
  applicationsFlowNotFound: { zh: '审核流程不存在或已被删除', en: 'The audit flow does not exist or has been deleted' },
  applicationsBlockedNotFound: { zh: '不可选时段不存在或已被删除', en: 'The non-selectable period does not exist or has been deleted' },
  applicationsSettingChangedMeanwhile: { zh: '该设置已被他人修改，请刷新后重试', en: 'Someone else has changed this setting; refresh and try again' },
  applicationsTooLate: {
    zh: '该申请已超过截止时间（结束后{days}天），不能再提交',
    en: 'This application is past its deadline ({days} days after the end) and can no longer be submitted',
  },
  applicationsFlowStepInvalid: {
    zh: '第{n}步“{step}”不能用于{kind}的审核流程',
    en: 'Step {n} "{step}" cannot be used in the audit flow of a {kind}',
  },
  applicationsMessageShiftCounterpart: { zh: '{applicant}申请与您调班（{range}）：{status}', en: '{applicant} asks to swap duty with you ({range}): {status}' },
  applicationsMessageWithdrawn: { zh: '{applicant}的{kind}（{range}）已撤回，无需审核', en: "{applicant}'s {kind} ({range}) was withdrawn; no audit is needed" },

  idempotencyInProgress: { zh: '该操作正在处理中，请稍后重试', en: 'This operation is still being processed, please try again shortly' },
} satisfies Record<string, Message>;

export type MessageKey = keyof typeof messages;
export type MessageParams = Record<string, string | number>;

/** Wire names of request fields with a human label; messages name both (e.g. 用户名(username)). */
const fieldLabels: Record<string, Message> = {
  username: { zh: '用户名', en: 'Username' },
  password: { zh: '密码', en: 'Password' },
  captcha: { zh: '验证码', en: 'Captcha' },
  captchaId: { zh: '验证码编号', en: 'Captcha id' },
  tenant: { zh: '学校', en: 'School' },
  userId: { zh: '用户', en: 'User' },
  oldPassword: { zh: '原密码', en: 'Old password' },
  newPassword: { zh: '新密码', en: 'New password' },
  size: { zh: '每页条数', en: 'Page size' },
  page: { zh: '页码', en: 'Page' },
  search: { zh: '查询条件', en: 'Search' },
  id: { zh: '编号', en: 'Id' },
  title: { zh: '标题', en: 'Title' },
  status: { zh: '状态', en: 'Status' },
  type: { zh: '类型', en: 'Type' },
  typeArr: { zh: '字典类型', en: 'Dictionary types' },
  currPage: { zh: '页码', en: 'Page' },
  limit: { zh: '每页条数', en: 'Page size' },
  order: { zh: '排序方向', en: 'Sort order' },
  sortField: { zh: '排序字段', en: 'Sort field' },
  'search.typeCode': { zh: '字典类型', en: 'Dictionary type' },
  'search.keyword': { zh: '关键字', en: 'Keyword' },
  'search.parentCode': { zh: '上级编码', en: 'Parent code' },
  'search.status': { zh: '发布状态', en: 'Publish status' },
  resId: { zh: '文件编号', en: 'File id' },
  resIds: { zh: '文件编号', en: 'File ids' },
  category: { zh: '文件类别', en: 'File category' },
  preview: { zh: '预览', en: 'Preview' },
  roleType: { zh: '角色类型', en: 'Role type' },
  ids: { zh: '用户编号', en: 'User ids' },
  levNum: { zh: '区划级别', en: 'Area level' },
  parentCode: { zh: '上级区划', en: 'Parent area' },
  code: { zh: '区划编码', en: 'Area code' },
  'search.USERTYPE': { zh: '用户类型', en: 'User type' },
  'search.KEYWORD': { zh: '关键字', en: 'Keyword' },
  'search.XQID': { zh: '校区', en: 'Campus' },
  'search.XQDM': { zh: '校区代码', en: 'Campus code' },
  'search.DWDM': { zh: '单位代码', en: 'Org unit code' },
  'search.ISBM': { zh: '仅本单位', en: 'This unit only' },
  'search.USERID': { zh: '工号/学号', en: 'Job or student number' },
  classId: { zh: '班级', en: 'Class' },
  date: { zh: '日期', en: 'Date' },
  baseVersion: { zh: '版本', en: 'Version' },
  version: { zh: '版本', en: 'Version' },
  entries: { zh: '考勤记录', en: 'Entries' },
  from: { zh: '开始日期', en: 'From' },
  to: { zh: '结束日期', en: 'To' },
  campusId: { zh: '校区', en: 'Campus' },
  'search.classId': { zh: '班级', en: 'Class' },
  'search.studentId': { zh: '学生', en: 'Student' },
  'search.from': { zh: '开始日期', en: 'From' },
  'search.to': { zh: '结束日期', en: 'To' },
  subject: { zh: '科目', en: 'Subject' },
  studentId: { zh: '学生', en: 'Student' },
  score: { zh: '成绩', en: 'Score' },
  mark: { zh: '缺考/免考标记', en: 'Mark' },
  'search.batchId': { zh: '考试批次', en: 'Exam batch' },
  name: { zh: '名称', en: 'Name' },
  semesterId: { zh: '学期', en: 'Semester' },
  gradeIds: { zh: '年级', en: 'Grades' },
  subjects: { zh: '科目', en: 'Subjects' },
  startDate: { zh: '开始日期', en: 'Start date' },
  endDate: { zh: '结束日期', en: 'End date' },
  sort: { zh: '排序', en: 'Sort' },
  regular: { zh: '常规考试', en: 'Regular session' },
  published: { zh: '发布', en: 'Published' },
  batchId: { zh: '考试批次', en: 'Exam batch' },
  fullMark: { zh: '满分', en: 'Full mark' },
  excellentLine: { zh: '优秀线', en: 'Excellent line' },
  passLine: { zh: '及格线', en: 'Pass line' },
  ratio: { zh: '折算比例', en: 'Ratio' },
  bands: { zh: '等级', en: 'Grade bands' },
  'search.semesterId': { zh: '学期', en: 'Semester' },
  'search.name': { zh: '名称', en: 'Name' },
  'search.published': { zh: '发布状态', en: 'Publish status' },

  // questionnaires and surveys (modules/surveys, issue 9); SPEC §8: does not exist, not started, expired,
  // no questions, already submitted, no permission, maybe not logged in (refusals carry data.reason)
  surveysNotFound: { zh: '问卷不存在或已被删除', en: 'The questionnaire does not exist or has been deleted' },
  surveysNotStarted: { zh: '问卷尚未开始，开始时间：{time}', en: 'The questionnaire has not started yet; it opens at {time}' },
  surveysExpired: { zh: '问卷已过期，截止时间：{time}', en: 'The questionnaire has expired; it closed at {time}' },
  surveysNoQuestions: { zh: '该问卷还没有题目', en: 'This questionnaire has no questions yet' },
  surveysAlreadySubmitted: { zh: '您已提交过该问卷，感谢参与', en: 'You have already submitted this questionnaire. Thank you' },
  surveysNoPermission: { zh: '您没有填写该问卷的权限', en: 'You have no permission to answer this questionnaire' },
  surveysLoginRequired: { zh: '没有权限，可能未登录，请登录后再填写', en: 'No permission; you may not be logged in. Please log in and try again' },
  surveysNotInUse: { zh: '问卷已停用', en: 'The questionnaire is not in use' },
  surveysPublishForbidden: { zh: '没有发布问卷的权限，请联系管理员', en: 'You may not publish questionnaires; please contact the administrator' },
  surveysNotOwner: { zh: '不能修改或删除他人创建的问卷', en: 'You cannot edit or delete a questionnaire someone else created' },
  surveysQuestionsLocked: { zh: '问卷已发布或已有答卷，不能修改题目；请先取消发布（已有答卷的问卷可复制后修改）', en: 'The questionnaire is published or has answers, so its questions cannot change; unpublish it first (copy one that has answers)' },
  surveysDeletePublished: { zh: '已发布的问卷不能删除，请先取消发布', en: 'A published questionnaire cannot be deleted; unpublish it first' },
  surveysEndBeforeStart: { zh: '开始时间应早于结束时间', en: 'The start time must be before the end time' },
  surveysEndPassed: { zh: '结束时间已过，不能发布', en: 'The end time has passed; it cannot be published' },
  surveysTargetEmpty: { zh: '请选择问卷的填写对象', en: 'Choose who the questionnaire is for' },
  surveysQuestionProblem: { zh: '第{number}题：{problem}', en: 'Question {number}: {problem}' },
  surveysAnswerProblem: { zh: '第{number}题：{problem}', en: 'Question {number}: {problem}' },
  surveysPublished: { zh: '问卷已发布', en: 'The questionnaire is published' },
  surveysUnpublished: { zh: '问卷已取消发布', en: 'The questionnaire is unpublished' },
  surveysAnswerReceived: { zh: '提交成功，感谢参与', en: 'Submitted. Thank you' },
  surveysMessageTitle: { zh: '请填写问卷“{title}”', en: 'Please answer the questionnaire "{title}"' },
  surveysMessageBody: { zh: '问卷“{title}”已发布，截止时间 {time}。', en: 'The questionnaire "{title}" is open until {time}.' },
};

export function fieldLabel(lang: Lang, path: string): string {
  const label = fieldLabels[path];
  if (!label) return path;
  return lang === 'zh' ? `${label.zh}(${path})` : `${label.en} (${path})`;
}

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template: string = messages[key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** zh unless the caller asks for English (X-Lang: en, or Accept-Language starting with en). */
export function pickLang(headers: { [name: string]: string | string[] | undefined }): Lang {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';
  const explicit = first(headers['x-lang']).trim().toLowerCase();
  if (explicit.startsWith('en')) return 'en';
  if (explicit.startsWith('zh')) return 'zh';
  return first(headers['accept-language']).trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}
