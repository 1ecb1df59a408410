import { Badge, Box, Button, chakra, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { QuestionProblem, SurveyQuestion } from '../../../../contracts/survey-rules';
import { KIND_ICONS, KIND_LABELS } from '../labels';
import { QuestionEditor } from './QuestionEditor';

export interface QuestionCardProps {
  question: SurveyQuestion;
  index: number;
  questions: readonly SurveyQuestion[];
  problems: readonly QuestionProblem[];
  readOnly?: boolean;
  onChange: (question: SurveyQuestion) => void;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
  onMove: (id: string, delta: -1 | 1) => void;
  /** 存入题库 (jzwj_wjsz holders) */
  onSaveToBank?: (question: SurveyQuestion) => void;
}

const HandleIcon = () => (
  <chakra.svg viewBox="0 0 24 24" width="5" height="5" fill="currentColor" aria-hidden>
    {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </chakra.svg>
);

/**
 * One question in the builder: a sortable card (@dnd-kit/sortable: the handle drags it with a pointer
 * or a finger, or picks it up with Space / Enter and moves it with the arrow keys) with its number,
 * kind, problems count, actions (duplicate, delete, move up / down, save to the bank) and the inline
 * QuestionEditor.
 */
export const QuestionCard = memo(function QuestionCard({ question, index, questions, problems, readOnly, onChange, onDuplicate, onRemove, onMove, onSaveToBank }: QuestionCardProps) {
  const { t, i18n } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: question.id, disabled: readOnly });
  const Icon = KIND_ICONS[question.kind];
  const n = index + 1;
  const kind = i18n._(KIND_LABELS[question.kind]);
  return (
    <Box
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      bg="bg.panel"
      borderWidth="1px"
      borderColor={problems.length ? 'border.error' : 'border'}
      borderRadius="l2"
      boxShadow={isDragging ? 'lg' : undefined}
      p={{ base: '3', md: '4' }}
      data-testid="question-card"
      data-kind={question.kind}
      data-id={question.id}
    >
      <HStack gap="2" mb="3" wrap="wrap">
        {!readOnly && (
          <chakra.button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t`拖动排序：第${n}题`}
            cursor="grab"
            touchAction="none"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="9"
            minH="9"
            borderRadius="l1"
            color="fg.muted"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
            data-testid="question-handle"
          >
            <HandleIcon />
          </chakra.button>
        )}
        <Text fontWeight="semibold" data-testid="question-number">
          {t`第${n}题`}
        </Text>
        <Badge colorPalette="brand" variant="subtle" gap="1">
          <Icon boxSize="3.5" />
          {kind}
        </Badge>
        {question.required && (
          <Badge colorPalette="red" variant="outline">
            {t`必答`}
          </Badge>
        )}
        {question.skips.length > 0 && <Badge variant="outline">{t`含跳题`}</Badge>}
        {!readOnly && (
          <HStack gap="0" ms="auto" wrap="wrap">
            <IconButton size="sm" variant="ghost" aria-label={t`上移第${n}题`} disabled={index === 0} onClick={() => onMove(question.id, -1)} data-testid="question-up">
              <chakra.span aria-hidden>↑</chakra.span>
            </IconButton>
            <IconButton size="sm" variant="ghost" aria-label={t`下移第${n}题`} disabled={index === questions.length - 1} onClick={() => onMove(question.id, 1)} data-testid="question-down">
              <chakra.span aria-hidden>↓</chakra.span>
            </IconButton>
            <Button size="sm" variant="ghost" onClick={() => onDuplicate(question.id)} data-testid="question-duplicate">
              {t`复制`}
            </Button>
            {onSaveToBank && (
              <Button size="sm" variant="ghost" onClick={() => onSaveToBank(question)} data-testid="question-to-bank">
                {t`存入题库`}
              </Button>
            )}
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => onRemove(question.id)} data-testid="question-remove">
              {t`删除`}
            </Button>
          </HStack>
        )}
      </HStack>
      <Stack gap="3">
        <QuestionEditor question={question} onChange={onChange} questions={questions} index={index} problems={problems} readOnly={readOnly} />
      </Stack>
    </Box>
  );
});
