import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../features/placeholders/NotFoundScreen';

export const Route = createFileRoute('/404')({
  component: NotFoundScreen,
});
