// AspenLexer.g4 - tokens of the Aspen coordination language.
//
// One lexer serves both levels of the language: the coordination level (root
// modules, flow statements, module declarations, S-Net networks) and the C++
// bodies of action and box modules. C++ bodies are kept verbatim by the AST
// builder, which copies source text between token offsets, so here C++ only
// has to be tokenised well enough that brackets inside string literals,
// character literals, raw strings and comments never count, and that the four
// Aspen extensions (`send`, `dequeue`, `getPayload`, `on`) are found.
//
// The lexer never fails: every byte sequence becomes tokens. Malformed input
// (unterminated literals and comments, stray characters) becomes dedicated
// error tokens that the parser driver turns into located diagnostics.
lexer grammar AspenLexer;

// Produced only by finishRawString(), never matched directly.
tokens { UNTERMINATED_RAW_STRING }

@lexer::members {
  /// Type of the last token on the default channel; lets `send`, `dequeue`
  /// and `getPayload` after `.`, `->` or `::` lex as plain identifiers, so
  /// `::send(fd, buf, n, 0)` and `obj.send(x)` stay ordinary C++.
  size_t LastSignificant = 0;

  std::unique_ptr<antlr4::Token> nextToken() override {
    std::unique_ptr<antlr4::Token> T = antlr4::Lexer::nextToken();
    if (T->getChannel() == antlr4::Token::DEFAULT_CHANNEL)
      LastSignificant = T->getType();
    return T;
  }

  /// True when only blanks precede the current token on its line: a `#`
  /// starts a preprocessor line only there.
  bool atLineStart() {
    for (ssize_t I = ssize_t(tokenStartCharIndex) - 1; I >= 0; --I) {
      std::string C = _input->getText(antlr4::misc::Interval(size_t(I), size_t(I)));
      if (C == "\n")
        return true;
      if (C != " " && C != "\t" && C != "\r" && C != "\f" && C != "\v")
        return false;
    }
    return true;
  }

  bool afterMemberAccess() const {
    return LastSignificant == DOT || LastSignificant == ARROW ||
           LastSignificant == COLONCOLON;
  }

  /// Called after `R"delim(` has been matched: consumes up to and including
  /// `)delim"`. Without a terminator the token becomes
  /// UNTERMINATED_RAW_STRING and runs to the end of the input.
  void finishRawString() {
    std::string Text = getText();
    size_t Quote = Text.find('"');
    std::string Close = ")" + Text.substr(Quote + 1, Text.size() - Quote - 2) + "\"";
    auto *Sim = getInterpreter<antlr4::atn::LexerATNSimulator>();
    size_t Matched = 0;
    while (_input->LA(1) != antlr4::Token::EOF) {
      size_t C = _input->LA(1);
      Sim->consume(_input);
      if (C == static_cast<size_t>(static_cast<unsigned char>(Close[Matched]))) {
        if (++Matched == Close.size())
          return;
      } else {
        Matched = (C == ')') ? 1 : 0;
      }
    }
    setType(UNTERMINATED_RAW_STRING);
  }
}

// ---------------------------------------------------------------- keywords
// Coordination-level keywords. Inside C++ bodies they are ordinary tokens and
// are copied through unchanged.
MODULE      : 'Module';
ROOT        : 'Root';
REQUIRES    : 'requires';
DECLARE     : 'Declare';
DATA_SECTION: 'data_section';
INPUT       : 'Input';
OUTPUT      : 'Output';
QUEUE       : 'Queue';
IS          : 'is';
FLOW        : 'flow';
PLACE       : 'place';
BOX         : 'Box';
NET         : 'net';
CONNECT     : 'connect';
CONST       : 'const';
INT         : 'int';
VOID        : 'void';
IF          : 'if';
ON          : 'on';

// Aspen extensions inside action modules.
SEND        : 'send' { !afterMemberAccess() }?;
DEQUEUE     : 'dequeue' { !afterMemberAccess() }?;
GETPAYLOAD  : 'getPayload' { !afterMemberAccess() }?;

// ---------------------------------------------------------------- punctuation
// Multi-character operators the coordination level needs. C++ operators that
// are not listed lex as single characters, which is enough for verbatim text.
PIPE3       : '|||';
LE          : '<=';
GE          : '>=';
EQ          : '==';
NE          : '!=';
ANDAND      : '&&';
SYNC_OPEN   : '[|';
SYNC_CLOSE  : '|]';
OROR        : '||';
ELLIPSIS    : '...';
DOTDOT      : '..';
ARROW       : '->';
COLONCOLON  : '::';
LBRACE      : '{';
RBRACE      : '}';
LPAREN      : '(';
RPAREN      : ')';
LBRACK      : '[';
RBRACK      : ']';
SEMI        : ';';
COLON       : ':';
COMMA       : ',';
DOT         : '.';
PIPE        : '|';
STAR        : '*';
BANG        : '!';
BACKSLASH   : '\\';
LT          : '<';
GT          : '>';
ASSIGN      : '=';
PLUS        : '+';
MINUS       : '-';
SLASH       : '/';
PERCENT     : '%';
AMP         : '&';
CARET       : '^';
TILDE       : '~';
QUESTION    : '?';

// ---------------------------------------------------------------- literals
// Clang accepts `$` and any non-ASCII letter in identifiers; so do we.
IDENT       : [a-zA-Z_$\u0080-\u{10FFFF}] [a-zA-Z_$0-9\u0080-\u{10FFFF}]*;

// A C++ pp-number: covers 42, 0x1F, 1e-9, 3.5f, 1'000'000, .5
NUMBER      : ( [0-9] | '.' [0-9] ) ( [a-zA-Z0-9_.] | [eEpP] [+-] | '\'' [a-zA-Z0-9_] )*;

STRING      : '"' ( ~["\\\r\n] | '\\' . )* '"';
CHAR_LIT    : '\'' ( ~['\\\r\n] | '\\' . )+ '\'';
RAW_STRING  : ( 'u8' | [uUL] )? 'R"' ~[()\\ \t\r\n"]* '(' { finishRawString(); };

// A preprocessor line, with backslash continuations. At top level the parser
// understands `#include`; everywhere else directives are copied verbatim.
// Backslash-newline continues the line; a /* */ comment on it may span lines.
DIRECTIVE   : '#' { atLineStart() }?
              ( ~[\r\n\\/] | '\\' [ \t\f\u000B]* '\r'? '\n' | '\\' ~[\r\n] | '/*' .*? '*/' | '/' )*;

// ---------------------------------------------------------------- hidden
// As in C++, a backslash at the end of a // comment continues it, also with
// blanks between it and the line end (as GCC and Clang read it).
LINE_COMMENT  : '//' ( ~[\r\n\\] | '\\' [ \t\f\u000B]* '\r'? '\n' | '\\' ~[\r\n] )* '\\'? -> channel(HIDDEN);
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN);
WS            : [ \t\r\n\f\u000B]+ -> channel(HIDDEN);

// ---------------------------------------------------------------- errors
// These only win when the well-formed rule above cannot match; the parser
// driver reports them before parsing.
UNTERMINATED_COMMENT : '/*' ( ~'*' | '*'+ ~[*/] )* '*'*;
UNTERMINATED_STRING  : '"' ( ~["\\\r\n] | '\\' . )* '\\'?;
UNTERMINATED_CHAR    : '\'' ( ~['\\\r\n] | '\\' . )* '\\'?;
ERROR_CHAR    : .;
