// The AssemblyScript scalar types, for the kernel files the wrapper imports
// for their constants (assembly/layout.ts, assembly/classes.ts).
type i32 = number;
type bool = boolean;
