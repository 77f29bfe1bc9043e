import { type ChangeEvent, useId } from 'react';
import { Button } from './Button.tsx';
import './image-picker.css';

/** A chosen image, with a key of its own for the list. */
export interface ChosenImage {
  key: number;
  file: File;
}
let chosenKeys = 0;

/**
 * The images a form sends (a withdrawal's proofs, a promotion application's): a file input, the chosen files with a
 * Remove button each, and the refusal of a choice the server would refuse (too many, not png or jpg, too large),
 * checked here before the server checks again. The form keeps the files and the message, which it may set itself
 * (an image that is required).
 */
export function ImagePicker({
  label,
  hint,
  limits,
  messages,
  removeText,
  removeLabel,
  files,
  onFiles,
  error,
  onError,
}: {
  label: string;
  hint: string;
  limits: { types: readonly string[]; maxBytes: number; maxFiles: number };
  messages: { tooMany: string; wrongType: string; tooLarge: string };
  removeText: string;
  /** The Remove button's accessible name for a file. */
  removeLabel: (name: string) => string;
  files: readonly ChosenImage[];
  onFiles: (files: ChosenImage[]) => void;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const id = useId();

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const added = Array.from(event.target.files ?? []);
    event.target.value = '';
    onError(null);
    if (files.length + added.length > limits.maxFiles) return onError(messages.tooMany);
    if (added.some((file) => !limits.types.includes(file.type))) return onError(messages.wrongType);
    if (added.some((file) => file.size > limits.maxBytes)) return onError(messages.tooLarge);
    onFiles([...files, ...added.map((file) => ({ key: ++chosenKeys, file }))]);
  }

  return (
    <div className="proof-upload">
      <label htmlFor={id} className="proof-upload__label">
        {label}
      </label>
      <p className="field__hint">{hint}</p>
      <input
        id={id}
        className="proof-upload__input"
        type="file"
        accept={limits.types.join(',')}
        multiple
        aria-invalid={error ? true : undefined}
        onChange={choose}
      />
      {files.length > 0 ? (
        <ul className="proof-upload__files">
          {files.map(({ key, file }) => (
            <li key={key}>
              <span>{file.name}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={removeLabel(file.name)}
                onClick={() => onFiles(files.filter((chosen) => chosen.key !== key))}
              >
                {removeText}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
