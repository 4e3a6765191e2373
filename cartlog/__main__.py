from cartlog.program import main

main()
