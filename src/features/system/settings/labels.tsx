/** The shared labelled field (components/form/FormField.tsx). */
export { FormField } from '../../../components/form/FormField';
