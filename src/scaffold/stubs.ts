// Pure: the stubs the scaffolds (`tplsync init`'s first template, `tplsync new`) write where only the
// author can say what goes: lint's scaffold-stub reports each until it is replaced, as sample-stub
// reports the TODO sample `lint --fix` writes. One list, so that a stub a scaffold writes is one
// lint knows (test/scaffold-stubs.test.ts fails on a TODO of a scaffold that is not here).

export interface ScaffoldStub {
  /** where the scaffold writes it */
  path: readonly string[];
  /** the text as written */
  text: string;
  /** what the author writes instead, as the finding says it */
  write: string;
}

/** what a scaffold writes as `description` */
export const DESCRIPTION_STUB = 'TODO say what this template is for';

export const SCAFFOLD_STUBS: readonly ScaffoldStub[] = [
  { path: ['description'], text: DESCRIPTION_STUB, write: 'a line that says what the template is for (when it is sent, and to whom)' },
];
