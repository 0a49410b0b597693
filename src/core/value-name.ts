// Pure: the name of an environment value, as the config declares it and a template refers to it,
// ((name)): a letter, then letters, digits, _ or -, at most 64 characters.
export const VALUE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
