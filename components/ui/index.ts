// UI primitives shared by every page. Server-component safe: no hooks in here.
export { Alert } from "./alert";
export { Badge, statusTone, type BadgeTone } from "./badge";
export { Button, buttonClass, type ButtonSize, type ButtonVariant } from "./button";
export { Card, CardBody, CardHeader } from "./card";
export { cn } from "./cn";
export { EmptyState } from "./empty-state";
export { fieldClass, Input, Select } from "./input";
export { Kbd } from "./kbd";
export { Hint, Label } from "./label";
export { Spinner } from "./spinner";
export { Textarea } from "./textarea";
