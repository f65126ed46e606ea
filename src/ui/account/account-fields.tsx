import type { HTMLInputAutoCompleteAttribute } from "react"

// The account forms share these so every field gets the same label, autofill and
// keyboard hints, and every message the same live-region role.

interface TextFieldProps {
  readonly label: string
  readonly name: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly type?: "text" | "email" | "password"
  readonly autoComplete: HTMLInputAutoCompleteAttribute
  readonly required?: boolean
}

export function TextField({
  label,
  name,
  value,
  onChange,
  type = "text",
  autoComplete,
  required = true
}: TextFieldProps) {
  return (
    <label className="field">
      {label}
      <input
        type={type}
        name={name}
        autoComplete={autoComplete}
        inputMode={type === "email" ? "email" : undefined}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  )
}

export function ErrorText({ error }: { readonly error: string | null }) {
  return error === null ? null : (
    <p className="account-error" role="alert">
      {error}
    </p>
  )
}

export function SuccessText({ message }: { readonly message: string | null }) {
  return message === null ? null : (
    <p className="account-success" role="status">
      {message}
    </p>
  )
}
