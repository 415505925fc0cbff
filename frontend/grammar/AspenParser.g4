// AspenParser.g4 - the surface syntax of Aspen programs.
//
// docs/language.md is the reference for what each construct means; this file
// only fixes the shape. The parse tree never leaves frontend/: ASTBuilder
// turns it into aspen::ast nodes, and every check that needs more than syntax
// (names, bounds, order of statements in initialize()) lives there or in Sema.
parser grammar AspenParser;

options { tokenVocab = AspenLexer; }

translationUnit : topLevelDecl* EOF;

topLevelDecl
  : DIRECTIVE          # directiveDecl
  | rootModule         # rootDecl
  | declareModule      # declareDecl
  | boxModule          # boxDecl
  | actionModule       # actionDecl
  | netDef             # netDecl
  ;

// ---------------------------------------------------------------- root modules
// Module Main is Root requires Module A, Module B { void initialize() { ... } }
rootModule
  : MODULE IDENT IS ROOT (REQUIRES requiredModule (COMMA requiredModule)*)?
    LBRACE initializeFn RBRACE
  ;
requiredModule : MODULE? IDENT;

initializeFn : VOID IDENT LPAREN RPAREN LBRACE initStmt* RBRACE;

// Order (declarations before `flow:`) is checked by ASTBuilder, which gives a
// better message than a syntax error could.
initStmt
  : instanceDecl
  | constDecl
  | placeStmt
  | FLOW COLON
  | flowStmt
  ;

// Chemical c[16];   Reduce r1, r2;
instanceDecl : IDENT instanceDeclarator (COMMA instanceDeclarator)* SEMI;
instanceDeclarator
  : IDENT (LBRACK intExpr RBRACK)? (LPAREN (instanceArg (COMMA instanceArg)*)? RPAREN)?
  ;
// `FileSource src("words.txt", 4096);` sets the module's parameters.
instanceArg : STRING | intExpr;

// const int N = 16;
constDecl : CONST INT IDENT ASSIGN intExpr SEMI;

// place p[0:3], r on node0;
placeStmt : PLACE instanceRef (COMMA instanceRef)* ON placeTarget SEMI;
placeTarget : IDENT | STRING | NUMBER;

// p ||| r1(sum) ||| p[0], p[2];   t |||* t;  (every element to every other)
flowStmt : stage (connector stage)+ SEMI;
connector : PIPE3 STAR?;
stage : netExpr (COMMA netExpr)*;

// x   x[i]   x[i:j]   x.q   x[i:j].q   Input.q   Output
instanceRef : refHead (LBRACK intExpr (COLON intExpr)? RBRACK)? (DOT IDENT)?;
refHead : IDENT | INPUT | OUTPUT;

intExpr
  : LPAREN intExpr RPAREN                      # intParen
  | MINUS intExpr                              # intNeg
  | intExpr op=(STAR | SLASH | PERCENT) intExpr # intMul
  | intExpr op=(PLUS | MINUS) intExpr          # intAdd
  | NUMBER                                     # intLiteral
  | IDENT                                      # intName
  ;

// ---------------------------------------------------------------- networks
// Precedence, loosest first: `..` (serial), `|` (parallel), then the postfix
// combinators `*` (star), `!` (split) and `\` (feedback).
// `||`, `**` and `!!` are S-Net's deterministic forms of `|`, `*` and `!`.
netExpr : parallelExpr (DOTDOT parallelExpr)*;
parallelExpr : postfixExpr (ops+=(PIPE | OROR) postfixExpr)*;
postfixExpr : primaryNet postfixOp*;
postfixOp
  : STAR STAR patternList       # detStarOp
  | STAR patternList            # starOp
  | BANG BANG LT IDENT GT       # detSplitOp
  | BANG LT IDENT GT            # splitOp
  | BACKSLASH patternList       # feedbackOp
  ;
// `* {a}, {b} if <k > 0>`: a record matching any of them leaves (or goes
// round). In a stage, `A * {a}, B` is a pattern then another network: only
// a `{` after the comma continues the list.
patternList : recordPattern (COMMA recordPattern)*;
primaryNet
  : LPAREN netExpr RPAREN                 # parenNet
  | IDENT LPAREN qualifiedName? RPAREN    # collectiveNet
  | instanceRef                           # refNet
  | filter                                # filterNet
  | synchroCell                           # syncNet
  ;
qualifiedName : COLONCOLON? IDENT (COLONCOLON IDENT)*;

// {a, <t>}   and, where a pattern is matched, an optional guard on tags.
recordType : LBRACE (typeEntry (COMMA typeEntry)*)? RBRACE;
typeEntry : IDENT | LT IDENT GT;
recordPattern : recordType guard?;
guard : IF condition;
// `(n > 1)`, or S-Net's `<n > 1>`, whose closing `>` is the last one.
condition : LPAREN tagExpr RPAREN | LT tagExpr GT;

// [ {a, <t>} -> {b = a, <u = t + 1>}; {a} ]     [ ]  (identity)
// [ {<n>} -> if <n <= 1> then {<f = 1>} else {<n = n - 1>}; {<n = n - 2>} ]
// `then` and `else` are not reserved: ASTBuilder checks the two words. A
// loop, not recursion, so that a long `else if` chain cannot exhaust the
// parser's stack.
filter : LBRACK (recordPattern ARROW filterBody)? RBRACK;
filterBody
  : (IF condition thenWords+=IDENT filterActions elseWords+=IDENT)* filterActions
  ;
filterActions : (filterOutput (SEMI filterOutput)*)?;
filterOutput : LBRACE (outputEntry (COMMA outputEntry)*)? RBRACE;
outputEntry
  : IDENT (ASSIGN IDENT)?              # fieldOut
  | LT IDENT (ASSIGN tagExpr)? GT      # tagOut
  ;

// [| {R}, {G}, {B} |]
synchroCell : SYNC_OPEN recordPattern (COMMA recordPattern)* SYNC_CLOSE;

tagExpr
  : LPAREN tagExpr RPAREN                                   # tagParen
  | op=(MINUS | BANG) tagExpr                               # tagUnary
  | tagExpr op=(STAR | SLASH | PERCENT) tagExpr              # tagBinary
  | tagExpr op=(PLUS | MINUS) tagExpr                       # tagBinary
  | tagExpr op=(LT | LE | GT | GE) tagExpr                   # tagBinary
  | tagExpr op=(EQ | NE) tagExpr                            # tagBinary
  | tagExpr op=ANDAND tagExpr                               # tagBinary
  | tagExpr op=OROR tagExpr                                 # tagBinary
  | <assoc=right> tagExpr QUESTION tagExpr COLON tagExpr    # tagCond
  | NUMBER                                                  # tagLiteral
  | IDENT LPAREN tagExpr (COMMA tagExpr)* RPAREN            # tagCall
  | IDENT                                                   # tagName
  ;

// net Pipe ({Img} -> {Img}) { net Sync connect [|{R},{G},{B}|] * {R,G,B}; }
//   connect (Split .. (fR | fG | fB) .. Sync) * {<done>};
netDef
  : NET IDENT (LPAREN netSignature RPAREN)? (LBRACE netDef* RBRACE)?
    CONNECT netExpr SEMI
  ;
// An initialiser box has no input type: `( -> {A})`.
signature : input=recordType? ARROW recordType (PIPE recordType)*;
// A net's signature, as S-Net writes it: type mappings separated by `,`,
// each from one or more input types, `{state} | {inval} -> {outval}`.
netSignature : typeMap (COMMA typeMap)*;
typeMap : recordType (PIPE recordType)* ARROW recordType (PIPE recordType)*;

// ---------------------------------------------------------------- modules
// Declare Module Parallel { data_section { ... } Output: Output Queue is q; }
declareModule : DECLARE MODULE IDENT LBRACE declareItem* RBRACE;
declareItem
  : DATA_SECTION cxxBlock                               # dataSection
  | IDENT cxxBlock                                        # namedSection
  | kind=(INPUT | OUTPUT) COLON                         # queueLabel
  | kind=(INPUT | OUTPUT) QUEUE IS IDENT (COMMA IDENT)* SEMI # queueDecl
  ;

// Module Split is Box ({Img} -> {R} | {G} | {B}) { ...C++... }
boxModule : MODULE IDENT IS BOX LPAREN signature RPAREN cxxBlock;

// Module Chemical { ...C++ with send / dequeue / getPayload... }
actionModule : MODULE IDENT cxxBlock;

// ---------------------------------------------------------------- C++ bodies
// Balanced token runs. Everything that is not an Aspen extension is copied
// verbatim from the source text by ASTBuilder.
cxxBlock : LBRACE cxxItem* RBRACE;
cxxItem
  : sendStmt
  | dequeueExpr
  | getPayloadExpr
  | LBRACE cxxItem* RBRACE
  | LPAREN cxxItem* RPAREN
  | LBRACK cxxItem* RBRACK
  | cxxToken
  ;
cxxToken
  : ~(LBRACE | RBRACE | LPAREN | RPAREN | LBRACK | RBRACK | SEND | DEQUEUE
     | GETPAYLOAD | SYNC_OPEN | SYNC_CLOSE)
  ;

// send e;   send e on q;
sendStmt : SEND sendOperand+ (ON IDENT)? SEMI;
sendOperand
  : dequeueExpr
  | getPayloadExpr
  | LBRACE cxxItem* RBRACE
  | LPAREN cxxItem* RPAREN
  | LBRACK cxxItem* RBRACK
  | ~(SEMI | ON | SEND | LBRACE | RBRACE | LPAREN | RPAREN | LBRACK | RBRACK
     | DEQUEUE | GETPAYLOAD | SYNC_OPEN | SYNC_CLOSE)
  ;

// dequeue()   dequeue(q). Anything else in the parentheses is parsed so that
// ASTBuilder can say it is not a queue name.
dequeueExpr : DEQUEUE LPAREN cxxItem* RPAREN;

// getPayload(q)   getPayload<Matrix>(q)
getPayloadExpr : GETPAYLOAD templateArgs? LPAREN cxxItem* RPAREN;
templateArgs : LT templateArg* GT;
templateArg
  : templateArgs
  | LPAREN cxxItem* RPAREN
  | ~(LT | GT | LPAREN | RPAREN | SEMI | LBRACE | RBRACE)
  ;
